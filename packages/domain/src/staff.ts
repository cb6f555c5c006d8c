import { labelOr } from './labels.ts';
import type { ProfileEditGroup } from './profile-edit-groups.ts';

/**
 * The back-office's vocabulary, shared by the staff API (which checks it) and the back-office (which
 * shows it): staff roles, the state of a borrower's profile under review and the audited actions, with
 * their Spanish names.
 */
export const STAFF_ROLES = ['admin', 'analyst', 'cashier', 'supervisor', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrador',
  analyst: 'Analista',
  cashier: 'Cajero',
  supervisor: 'Supervisor',
  support: 'Soporte',
};

/**
 * Who may do what in the back-office: the one table every staff route is checked against on the
 * server (the staff API's contract names a permission per row) and the back-office reads to hide
 * what the server would refuse.
 */
export const STAFF_PERMISSIONS = [
  /** The register and the borrower file (profile, references; what the three below add is left out). */
  'borrowers.read',
  /** The census record beside what the borrower declared (the review compares them). */
  'borrowers.census',
  /** The location history (coordinates, IP, device) and where a loan request was made. */
  'borrowers.locations',
  /** The full bank account number (otherwise its last 4 digits: `****1234`). */
  'borrowers.bank_account',
  /** The bytes of the four documents (audited as view_documents). */
  'borrowers.documents',
  /** The borrower file's sessions and audit trail, and the audit list of borrowers. */
  'borrowers.audit',
  'reviews.read',
  'reviews.decide',
  'dashboard.read',
  /** The whole audit list, staff changes and logins included. */
  'audit.all',
  'staff.manage',
  /** The loan list and a loan's file (services/loans/staff-loans.ts). */
  'loans.read',
  /** Take, approve or reject a loan request (decideLoan). */
  'loans.decide',
  /** Record a disbursement (recordDisbursement). */
  'loans.disburse',
  /** Refund a paid loan's credit balance, 'Saldo a tu favor' (services/payments/payoff.ts refundLoanCredit). */
  'loans.refund',
  /** The receipts queue, a receipt and its photo (audited), a borrower's ledger (services/payments/cashier-desk.ts). */
  'receipts.read',
  /** Validate or reject a receipt (decideReceipt). */
  'receipts.decide',
  /**
   * The second pair of eyes (issue 31): confirm or send back a validation that waits as 'Por
   * aprobar' (another person's), and validate a receipt flagged as a possible duplicate.
   */
  'receipts.approve',
  /** Reverse a validated receipt (POST /api/backoffice/receipts/:id/reversal, issue 31 point 4). */
  'receipts.reverse',
  /** Reverse a disbursement no money was applied to (POST /api/backoffice/loans/:id/disbursement/reversal). */
  'loans.reverse_disbursement',
  /** Import a bank statement and confirm its matches ('Conciliación', issue 31 point 5). */
  'reconciliation.manage',
  /** The books: the journal, an account's ledger, the trial balance and its CSV (issue 31 point 6). */
  'accounting.read',
  /** Products, price lists, purposes and document templates (services/loans/catalog.ts, templates.ts). */
  'catalog.manage',
  /** The holiday calendar: the days off besides Sunday that move due dates (services/holidays.ts, decision 014). */
  'holidays.manage',
  /**
   * The help chat's inbox: read, answer and close the conversations of borrowers whose loans or
   * receipts one worked on (took, decided, disbursed; decided a receipt), with their unread counts and
   * live updates (services/chat/staff-chat.ts `conversationsWorkedOnBy`). Every role that uses the
   * inbox has it; `chat.any` widens it to every conversation.
   */
  'chat.own',
  /** The help chat: read, answer, assign and close any conversation (support and admins). */
  'chat.any',
  /** The collections queue ('Cobranza'), a late loan's collections file and its CSV (services/collections/collections.ts). */
  'collections.read',
  /** Notes and promises to pay on a late loan, and its move to 9 Alguacil, 10 Corte or 11 Recuperación previa al juicio. */
  'collections.manage',
  /** The portfolio dashboard ('Cartera') and its CSV exports (services/collections/portfolio.ts). */
  'portfolio.read',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/**
 * Admin: everything. Analyst: borrowers (with the census record, location history, full bank
 * account, documents and their audit trail: the review compares all of it), the review queue and
 * decisions, the dashboard, loans and their decisions. Cashier: the register, the borrower file with
 * the full bank account (a disbursement is a transfer to it) but without the census record, the
 * location history, the documents' bytes or the audit trail, loans, their disbursement and the
 * refund of a paid loan's credit, and the receipts desk (read and decide). Support: the register, the borrower file (no census record, no
 * location history, the account's last 4 digits only) and loans, read only, and answers the help
 * chat (any conversation). Analysts and cashiers answer the chat on the borrowers they worked on
 * (`chat.own`). docs/security.md, issue 15 point 9.
 * Collections: cashiers work the queue (notes, promises to pay, the 9-11 stages), as they already
 * follow each loan's money; analysts read it and the portfolio dashboard, which they report on.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  admin: STAFF_PERMISSIONS,
  analyst: [
    'borrowers.read',
    'borrowers.census',
    'borrowers.locations',
    'borrowers.bank_account',
    'borrowers.documents',
    'borrowers.audit',
    'reviews.read',
    'reviews.decide',
    'dashboard.read',
    'loans.read',
    'loans.decide',
    'chat.own',
    'collections.read',
    'portfolio.read',
  ],
  cashier: [
    'borrowers.read',
    'borrowers.bank_account',
    'loans.read',
    'loans.disburse',
    'loans.refund',
    'receipts.read',
    'receipts.decide',
    'reconciliation.manage',
    'chat.own',
    'collections.read',
    'collections.manage',
  ],
  /**
   * Supervisor (issue 31): the cashier's desk and its second pair of eyes: confirms what waits as
   * 'Por aprobar', reverses receipts and disbursements, reconciles the bank and reads the books.
   */
  supervisor: [
    'borrowers.read',
    'borrowers.bank_account',
    'loans.read',
    'loans.disburse',
    'loans.refund',
    'loans.reverse_disbursement',
    'receipts.read',
    'receipts.decide',
    'receipts.approve',
    'receipts.reverse',
    'reconciliation.manage',
    'accounting.read',
    'chat.own',
    'collections.read',
    'collections.manage',
    'portfolio.read',
  ],
  support: ['borrowers.read', 'loans.read', 'chat.own', 'chat.any'],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether a role (as stored or as the session says it) has a permission; an unknown role has none. */
export function can(role: unknown, permission: StaffPermission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

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
  'borrower.view': 'Ficha del cliente consultada',
  'export.collections': 'Cobranza exportada (CSV)',
  'export.portfolio': 'Cartera exportada (CSV)',
  'export.journal': 'Libro diario exportado (CSV)',
  'staff.login': 'Ingreso del personal',
  'staff.login_failed': 'Ingreso fallido del personal',
  'staff.locked': 'Personal bloqueado por intentos fallidos',
  'staff.create': 'Personal creado',
  'staff.update': 'Personal modificado',
  'staff.disable': 'Personal desactivado',
  'staff.password_change': 'Contraseña del personal cambiada',
  'staff.password_reset': 'Contraseña restablecida por un administrador (enlace enviado)',
  'staff.password_link': 'Contraseña nueva definida con el enlace del correo',
  'loan.request': 'Solicitud de préstamo',
  'loan.take': 'Solicitud tomada por un analista',
  'loan.approve': 'Préstamo aprobado',
  'loan.reject': 'Préstamo rechazado',
  'loan.disburse': 'Desembolso registrado',
  'loan.disburse_expired': 'Desembolso registrado de una solicitud vencida (enviado a tiempo)',
  'loan.expire': 'Solicitud vencida',
  'loan.late': 'Préstamo atrasado',
  'loan.caught_up': 'Préstamo al día',
  'loan.refund': 'Saldo a favor devuelto',
  'loan.reverse_disbursement': 'Desembolso revertido',
  'servicing.run': 'Cierre diario',
  'staff_alert.raise': 'Alerta para el personal',
  'product.create': 'Producto creado',
  'product.update': 'Producto modificado',
  'price_list.update': 'Lista de precios modificada',
  'purpose.create': 'Propósito de préstamo creado',
  'purpose.update': 'Propósito de préstamo modificado',
  'template.save': 'Plantilla de documento guardada',
  'holiday.create': 'Feriado agregado',
  'holiday.delete': 'Feriado eliminado',
  'collection_account.create': 'Cuenta de cobro agregada',
  'collection_account.update': 'Cuenta de cobro modificada',
  'collection_account.deactivate': 'Cuenta de cobro desactivada',
  'collection_account.activate': 'Cuenta de cobro activada de nuevo',
  'chat.view': 'Chat consultado',
  'chat.answer': 'Respuesta en el chat',
  'chat.assign': 'Chat asignado',
  'chat.close': 'Chat cerrado',
  'receipt.send': 'Comprobante de pago enviado',
  'receipt.photo_replace': 'Foto del comprobante reemplazada',
  'receipt.view': 'Comprobante consultado',
  'receipt.validate': 'Comprobante validado',
  'receipt.reject': 'Comprobante rechazado',
  'receipt.submit_for_approval': 'Validación enviada a aprobación (Por aprobar)',
  'receipt.approve': 'Validación confirmada por una segunda persona',
  'receipt.return': 'Validación devuelta a caja',
  'receipt.reverse': 'Pago revertido',
  'receipt.forward': 'Comprobante enviado al socio de pagos',
  'payment.apply': 'Pago aplicado a las cuotas',
  'collection.note': 'Nota de cobranza',
  'collection.promise': 'Promesa de pago registrada',
  'collection.stage': 'Etapa de cobranza cambiada',
  'bank_statement.import': 'Estado de cuenta del banco importado',
  'bank_statement.match': 'Línea del estado de cuenta conciliada con un comprobante',
  'bank_statement_layout.save': 'Formato del estado de cuenta de un banco guardado',
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
} as const satisfies Record<ProfileEditGroup, string>;

/** What an audit row may say was done: the server can write no other code. */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS | `profile.update.${ProfileEditGroup}`;

/** An audit action as staff read it ('Perfil editado: referencias'); an unknown code as it is. */
export function auditActionLabel(code: string): string {
  const group = /^profile\.update\.(.+)$/.exec(code)?.[1];
  if (group !== undefined) return `Perfil editado: ${labelOr(PROFILE_EDIT_GROUP_LABELS, group, group)}`;
  return labelOr(AUDIT_ACTION_LABELS, code, code);
}
