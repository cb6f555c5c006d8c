import { decideLoan, recordDisbursement, type StaffApi } from '../../../../e2e/support/staff-api';

/**
 * The staff side of a loan, for journeys that need a disbursed loan (status 3 Pagando, with its
 * instalments), through the staff API's loan desk: an analyst takes and approves the request, a
 * cashier records the disbursement (the default admin may do both).
 */
export async function disburseLoanForTest(
  staff: StaffApi,
  containerId: number,
  disbursement: { disbursedOn: string; reference: string },
): Promise<void> {
  await decideLoan(staff, containerId, { decision: 'take' });
  await decideLoan(staff, containerId, { decision: 'approve' });
  await recordDisbursement(staff, containerId, disbursement);
}
