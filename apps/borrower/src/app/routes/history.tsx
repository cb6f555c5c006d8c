import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { CallResultAlert } from '../../components/call-result-alert';
import { useLoans } from '../../features/plan/api/get-loans';
import { LoanHistoryList } from '../../features/plan/components/loan-history-list';
import { LoadingText, PlanPage } from '../../features/plan/components/plan-page';
import { HISTORY_HEADING, LOADING_TEXT } from '../../features/plan/utils/plan-texts';
import { NetworkError } from '../../lib/api-errors';

/** /historial: every loan, newest first; the ones still open lead to their plan. */
export function Component() {
  const navigate = useNavigate();
  const loans = useLoans();

  // SPEC section 8: a network failure while loading the history goes to /login.
  useEffect(() => {
    if (loans.error instanceof NetworkError) void navigate('/login');
  }, [loans.error, navigate]);

  return (
    <PlanPage title={HISTORY_HEADING}>
      {loans.data ? (
        <LoanHistoryList loans={loans.data} />
      ) : loans.isError ? (
        <CallResultAlert error={loans.error} />
      ) : (
        <LoadingText text={LOADING_TEXT} />
      )}
    </PlanPage>
  );
}
