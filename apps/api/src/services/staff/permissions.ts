import { STAFF_ROLES, type StaffRole } from '@prestamos-hn/domain';

/**
 * Who may do what in the back-office: the one table every staff route is checked against on the
 * server (the UI only hides what this refuses).
 */
export const PERMISSIONS = [
  /** The register and the borrower file (profile, census, references, locations). */
  'borrowers.read',
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
  /**
   * The help chat: read, answer, assign and close any conversation. Without it (analysts, cashiers)
   * only the conversations about loans or receipts one worked on (services/chat/staff-chat.ts).
   */
  'chat.any',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Admin: everything. Analyst: borrowers (with documents and their audit trail), the review queue
 * and decisions, the dashboard. Cashier and support: the register and the borrower file without the
 * documents' bytes or the audit trail (receipts will add their own permissions). Support also answers
 * the help chat: any conversation.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  analyst: [
    'borrowers.read',
    'borrowers.documents',
    'borrowers.audit',
    'reviews.read',
    'reviews.decide',
    'dashboard.read',
  ],
  cashier: ['borrowers.read'],
  support: ['borrowers.read', 'chat.any'],
};

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: string, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}
