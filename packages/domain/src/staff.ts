/**
 * The back-office's vocabulary, shared by the staff API (which checks it) and the back-office (which
 * shows it): staff roles and the state of a borrower's profile under review, with their Spanish names.
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
