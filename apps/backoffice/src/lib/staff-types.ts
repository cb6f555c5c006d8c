/** The staff API's answers as the back-office reads them (apps/api/src/backoffice, services/review). */

export const STAFF_ROLES = ['admin', 'analyst', 'cashier', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrador',
  analyst: 'Analista',
  cashier: 'Cajero',
  support: 'Soporte',
};

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled?: boolean;
  createdAt?: string;
}

export const PROFILE_STATES = ['incompleto', 'en_revision', 'aprobado', 'devuelto'] as const;
export type ProfileState = (typeof PROFILE_STATES)[number];

export const PROFILE_STATE_LABELS: Record<ProfileState, string> = {
  incompleto: 'Incompleto',
  en_revision: 'En revisión',
  aprobado: 'Aprobado',
  devuelto: 'Devuelto',
};

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
