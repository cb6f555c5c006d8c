import { can } from '@prestamos-hn/domain';
import Stack from '@mui/material/Stack';
import { Loading, usePermissions, useShowContext } from 'react-admin';
import { FilePage } from '../../components/file-section';
import { BorrowerFile } from '../../features/borrowers/components/borrower-file';
import type { BorrowerFileRecord } from '../../features/borrowers/api/get-borrower-file';
import { BorrowerLedgerSection } from '../../features/receipts/components/borrower-ledger';
import { DecideButton } from '../../features/reviews/components/decision-dialog';

function BorrowerFileWithDecision() {
  const { record } = useShowContext<BorrowerFileRecord>();
  const { permissions: role } = usePermissions<string>();
  // Until the file arrives, react-admin may hand over the register's row (list cache): wait for it.
  if (!record?.borrower) return <Loading loadingPrimary="Cargando el expediente" loadingSecondary="" />;
  const b = record.borrower;
  return (
    <Stack sx={{ pb: 2 }}>
      <BorrowerFile
        file={record}
        actions={
          // Keyed by the borrower: 'Siguiente' (after a decision) belongs to this file only.
          <DecideButton
            key={b.id}
            borrowerId={b.id}
            name={[b.firstName, b.firstSurname].join(' ')}
            version={record.profile.revision}
            isWaiting={record.state === 'en_revision'}
          />
        }
      />
      {can(role, 'receipts.read') && <BorrowerLedgerSection borrowerId={b.id} />}
    </Stack>
  );
}

/** The borrower file, with the review decision when the profile waits for one, and its money for the cashier. */
export function BorrowerShow() {
  return (
    <FilePage title="Expediente del cliente">
      <BorrowerFileWithDecision />
    </FilePage>
  );
}
