import { Loading, useShowContext } from 'react-admin';
import { FilePage } from '../../../components/file-section';
import type { LoanFileRecord } from '../api/get-loan-file';
import { LoanActions } from './loan-actions';
import { LoanFile } from './loan-file';
import { PayoffSection } from './payoff-section';

function LoanFileWithActions() {
  const { record } = useShowContext<LoanFileRecord>();
  // Until the file arrives, react-admin may hand over the desk's row (list cache): wait for it.
  if (!record?.loan) return <Loading loadingPrimary="Cargando el préstamo" loadingSecondary="" />;
  const b = record.borrower;
  return (
    <LoanFile
      file={record}
      actions={
        <LoanActions
          loan={record.loan}
          borrowerName={[b.firstName, b.secondName, b.firstSurname, b.secondSurname]
            .filter(Boolean)
            .join(' ')}
          payoutAccount={record.payoutAccount}
        />
      }
      payoff={<PayoffSection key={record.loan.id} loanId={record.loan.id} />}
    />
  );
}

/** One loan of the desk, with the actions the role may take on it. */
export function LoanShow() {
  return (
    // `contain: inline-size`: the file takes the screen's width, so a wide table scrolls inside its
    // own box instead of widening the whole page on a phone.
    <FilePage title="Préstamo" sx={{ contain: 'inline-size' }}>
      <LoanFileWithActions />
    </FilePage>
  );
}
