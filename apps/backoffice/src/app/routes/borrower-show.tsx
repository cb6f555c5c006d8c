import { Loading, Show, useShowContext } from 'react-admin';
import { BorrowerFile } from '../../features/borrowers/components/borrower-file';
import type { BorrowerFileRecord } from '../../features/borrowers/api/get-borrower-file';
import { DecideButton } from '../../features/reviews/components/decision-dialog';

function BorrowerFileWithDecision() {
  const { record } = useShowContext<BorrowerFileRecord>();
  // Until the file arrives, react-admin may hand over the register's row (list cache): wait for it.
  if (!record?.borrower) return <Loading loadingPrimary="Cargando el expediente" loadingSecondary="" />;
  const b = record.borrower;
  return (
    <BorrowerFile
      file={record}
      actions={
        record.state === 'en_revision' ? (
          <DecideButton borrowerId={b.id} name={[b.firstName, b.firstSurname].join(' ')} />
        ) : undefined
      }
    />
  );
}

/** The borrower file, with the review decision when the profile waits for one. */
export function BorrowerShow() {
  return (
    <Show title="Expediente del cliente" component="div" actions={false}>
      <BorrowerFileWithDecision />
    </Show>
  );
}
