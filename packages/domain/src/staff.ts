import { labelOr } from './labels.ts';

/**
 * The back-office's vocabulary, shared by the staff API (which checks it) and the back-office (which
 * shows it): staff roles, the state of a borrower's profile under review and the audited actions, with
 * their Spanish names.
 */
export const STAFF_ROLES = ['admin', 'analyst', 'cashier', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrador',
  analyst: 'Analista',
  cashier: 'Cajero',
  support: 'Soporte',
};

/**
 * A profile's state in the back-office: aprobado (status '1'), en revisión (sent, undecided),
 * devuelto (returned by an analyst and not sent again), otherwise incompleto.
 */
export const PROFILE_REVIEW_STATES = ['incompleto', 'en_revision', 'aprobado', 'devuelto'] as const;
export type ProfileReviewState = (typeof PROFILE_REVIEW_STATES)[number];

export const PROFILE_REVIEW_STATE_LABELS: Record<ProfileReviewState, string> = {
  incompleto: 'Incompleto',
  en_revision: 'En revisión',
  aprobado: 'Aprobado',
  devuelto: 'Devuelto',
};

/** Every audited action with a fixed code, and how staff read it. */
export const AUDIT_ACTION_LABELS = {
  register: 'Registro',
  email_validated: 'Correo validado',
  login_failed: 'Ingreso fallido',
  account_locked: 'Cuenta bloqueada por intentos fallidos',
  login_failures_cleared: 'Intentos fallidos borrados',
  'password.change': 'Cambio de contraseña',
  password_recovered: 'Contraseña recuperada',
  'profile.stage2': 'Registro completado (etapa 2)',
  'profile.file.upload': 'Documento subido',
  'profile.sent_for_review': 'Perfil enviado a revisión',
  'profile.approve': 'Perfil aprobado',
  'profile.return': 'Perfil devuelto',
  view_documents: 'Documento consultado',
  'staff.login': 'Ingreso del personal',
  'staff.login_failed': 'Ingreso fallido del personal',
  'staff.locked': 'Personal bloqueado por intentos fallidos',
  'staff.create': 'Personal creado',
  'staff.update': 'Personal modificado',
  'staff.disable': 'Personal desactivado',
  'loan.request': 'Solicitud de préstamo',
  'loan.take': 'Solicitud tomada por un analista',
  'loan.approve': 'Préstamo aprobado',
  'loan.reject': 'Préstamo rechazado',
  'loan.disburse': 'Desembolso registrado',
  'loan.expire': 'Solicitud vencida',
  'product.create': 'Producto creado',
  'product.update': 'Producto modificado',
  'price_list.update': 'Lista de precios modificada',
  'purpose.create': 'Propósito de préstamo creado',
  'purpose.update': 'Propósito de préstamo modificado',
  'template.save': 'Plantilla de documento guardada',
  'receipt.send': 'Comprobante de pago enviado',
  'receipt.photo_replace': 'Foto del comprobante reemplazada',
  'receipt.view': 'Comprobante consultado',
  'receipt.validate': 'Comprobante validado',
  'receipt.reject': 'Comprobante rechazado',
  'receipt.forward': 'Comprobante enviado al socio de pagos',
  'payment.apply': 'Pago aplicado a las cuotas',
} as const;

/** The profile's edit groups (one audit action `profile.update.<group>` each), as staff read them. */
export const PROFILE_EDIT_GROUP_LABELS = {
  names: 'nombres',
  phone: 'teléfono',
  workplace_position: 'cargo',
  income: 'ingreso mensual',
  income_type: 'tipo de ingreso',
  marital_status: 'estado civil',
  residence_address: 'domicilio',
  work_address: 'dirección del trabajo',
  home_status: 'vivienda',
  workplace: 'lugar de trabajo',
  dependents: 'dependientes',
  dependents_who: 'tipo de dependientes',
  education: 'educación',
  work_experience: 'inicio laboral',
  references: 'referencias',
  bank_account: 'cuenta bancaria',
} as const;
export type ProfileEditGroup = keyof typeof PROFILE_EDIT_GROUP_LABELS;

/** What an audit row may say was done: the server can write no other code. */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS | `profile.update.${ProfileEditGroup}`;

/** An audit action as staff read it ('Perfil editado: referencias'); an unknown code as it is. */
export function auditActionLabel(code: string): string {
  const group = /^profile\.update\.(.+)$/.exec(code)?.[1];
  if (group !== undefined) return `Perfil editado: ${labelOr(PROFILE_EDIT_GROUP_LABELS, group, group)}`;
  return labelOr(AUDIT_ACTION_LABELS, code, code);
}
