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
  /** The loan list and a loan's file (services/loans/staff-loans.ts). */
  'loans.read',
  /** Take, approve or reject a loan request (decideLoan). */
  'loans.decide',
  /** Record a disbursement (recordDisbursement). */
  'loans.disburse',
  /** The receipts queue, a receipt and its photo (audited), a borrower's ledger (services/payments/cashier-desk.ts). */
  'receipts.read',
  /** Validate or reject a receipt (decideReceipt). */
  'receipts.decide',
  /** Products, price lists, purposes and document templates (services/loans/catalog.ts, templates.ts). */
  'catalog.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Admin: everything. Analyst: borrowers (with documents and their audit trail), the review queue
 * and decisions, the dashboard, loans and their decisions. Cashier: the register, the borrower file
 * without the documents' bytes or the audit trail, loans and their disbursement, and the receipts
 * desk (read and decide). Support: the register, the borrower file and loans, read only (chat will
 * add its own permissions).
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
    'loans.read',
    'loans.decide',
  ],
  cashier: ['borrowers.read', 'loans.read', 'loans.disburse', 'receipts.read', 'receipts.decide'],
  support: ['borrowers.read', 'loans.read'],
};

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: string, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}
