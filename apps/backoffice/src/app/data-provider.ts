import type { DataProvider } from 'react-admin';
import { listAudit } from '../features/audit/api/list-audit';
import { getDashboard, type DashboardCalls } from '../features/dashboard/api/get-dashboard';
import { getBorrowerFile } from '../features/borrowers/api/get-borrower-file';
import { listBorrowers } from '../features/borrowers/api/list-borrowers';
import { decideLoan, type DecideLoanCalls } from '../features/loans/api/decide-loan';
import { getLoanFile } from '../features/loans/api/get-loan-file';
import { listLoans } from '../features/loans/api/list-loans';
import { recordDisbursement, type RecordDisbursementCalls } from '../features/loans/api/record-disbursement';
import { decideProfile, type DecideProfileCalls } from '../features/reviews/api/decide-profile';
import { listReviewQueue } from '../features/reviews/api/list-review-queue';
import { createStaff } from '../features/staff/api/create-staff';
import { getStaffMember, listStaff } from '../features/staff/api/list-staff';
import { updateStaff } from '../features/staff/api/update-staff';
import { createDataProvider } from '../lib/data-provider';

/**
 * react-admin's dataProvider over the staff API: each resource's calls come from its feature's
 * `api/` files (one per call, typed by the contract), plus the calls screens make outside CRUD.
 */
export const dataProvider = {
  ...createDataProvider({
    borrowers: { getList: listBorrowers, getOne: getBorrowerFile },
    reviews: { getList: listReviewQueue },
    loans: { getList: listLoans, getOne: getLoanFile },
    audit: { getList: listAudit },
    staff: { getList: listStaff, getOne: getStaffMember, create: createStaff, update: updateStaff },
  }),
  decideProfile,
  decideLoan,
  recordDisbursement,
  getDashboard,
} satisfies DataProvider & DecideProfileCalls & DecideLoanCalls & RecordDisbursementCalls & DashboardCalls;
