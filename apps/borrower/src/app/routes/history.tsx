import { isLoanPayable, LOAN_PAID_STATUS, type BorrowerPayment } from '@prestamos-hn/domain';
import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { CallResultAlert } from '../../components/call-result-alert';
import { useLoans } from '../../features/plan/api/get-loans';
import { loanPaymentsQueryOptions } from '../../features/plan/api/get-loan-payments';
import { walletBalanceQueryOptions } from '../../features/plan/api/get-wallet-balance';
import { LoanHistoryList } from '../../features/plan/components/loan-history-list';
import { LoadingText, PlanPage } from '../../features/plan/components/plan-page';
import { HISTORY_HEADING, LOADING_TEXT } from '../../features/plan/utils/plan-texts';
import { NetworkError } from '../../lib/api-errors';

/**
 * /historial: every loan, newest first; the ones still open lead to their plan, and so does a paid
 * one with a credit ('Saldo a tu favor', its wallet, read for the paid loans only); under each loan
 * disbursed, its payments and what they covered (issue 35).
 */
export function Component() {
  const [, navigate] = useLocation();
  const loans = useLoans();
  const paidIds = (loans.data ?? [])
    .filter((loan) => loan.status === LOAN_PAID_STATUS)
    .map((loan) => loan.container_id);
  const credits = useQueries({
    queries: paidIds.map((id) => walletBalanceQueryOptions(id)),
    combine: (results) =>
      Object.fromEntries(paidIds.map((id, index) => [id, results[index]?.data ?? 0])) as Record<
        number,
        number
      >,
  });

  // The payments of every loan that was disbursed (being paid or paid), and what each covered.
  const disbursedIds = (loans.data ?? [])
    .filter((loan) => isLoanPayable(loan.status) || loan.status === LOAN_PAID_STATUS)
    .map((loan) => loan.container_id);
  const payments = useQueries({
    queries: disbursedIds.map((id) => loanPaymentsQueryOptions(id)),
    combine: (results) =>
      Object.fromEntries(
        disbursedIds.map((id, index) => [id, results[index]?.data?.payments ?? []]),
      ) as Record<number, BorrowerPayment[]>,
  });

  // SPEC section 8: a network failure while loading the history goes to /login.
  useEffect(() => {
    if (loans.error instanceof NetworkError) navigate('/login');
  }, [loans.error, navigate]);

  return (
    <PlanPage title={HISTORY_HEADING}>
      {loans.data ? (
        <LoanHistoryList loans={loans.data} credits={credits} payments={payments} />
      ) : loans.isError ? (
        <CallResultAlert error={loans.error} />
      ) : (
        <LoadingText text={LOADING_TEXT} />
      )}
    </PlanPage>
  );
}
