import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CollectionAccountWire } from '@prestamos-hn/contract';
import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../../lib/clipboard';
import {
  ACCOUNT_HOLDER_LABEL,
  ACCOUNT_NUMBER_LABEL,
  COLLECTION_ACCOUNTS_ERROR_TEXT,
  COPY_LABEL,
  COPY_REFERENCE_LABEL,
  copiedText,
  copyAccountLabel,
  copyFailedText,
  NO_COLLECTION_ACCOUNTS_TEXT,
  referenceText,
  WHERE_TO_PAY_TEXT,
  WHERE_TO_PAY_TITLE,
} from '../utils/plan-texts';

/** How long 'Copiado: …' stays on screen. */
const COPIED_MS = 4000;

interface WhereToPayProps {
  /** The loan's number (`container_id`): the reference the borrower writes on the deposit. */
  loanNumber: number;
  /** The lender's active collection accounts; undefined while they load. */
  accounts: readonly CollectionAccountWire[] | undefined;
  /** The accounts could not be read. */
  failed?: boolean;
}

/**
 * 'Dónde pagar' (issue 35, point 1), under 'Plan de pagos': each active collection account (bank,
 * number, holder) with a button that copies the number, and the reference to write, the loan's
 * number, with its own copy button. 'Copiado: …' is said (aria-live) and shown after each copy.
 */
export function WhereToPay({ loanNumber, accounts, failed = false }: WhereToPayProps) {
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (value: string) => {
    const ok = await copyText(value);
    clearTimeout(timer.current);
    setNotice({ text: ok ? copiedText(value) : copyFailedText(value), ok });
    if (ok) timer.current = setTimeout(() => setNotice(null), COPIED_MS);
  };
  const reference = String(loanNumber);

  return (
    <Paper component="section" variant="outlined" aria-labelledby="where-to-pay-title" sx={{ p: 2 }}>
      <Typography id="where-to-pay-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {WHERE_TO_PAY_TITLE}
      </Typography>
      {failed ? (
        <Typography variant="body2">{COLLECTION_ACCOUNTS_ERROR_TEXT}</Typography>
      ) : accounts && accounts.length === 0 ? (
        <Typography variant="body2">{NO_COLLECTION_ACCOUNTS_TEXT}</Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {WHERE_TO_PAY_TEXT}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {(accounts ?? []).map((account) => (
              <Box component="li" key={`${account.bank}-${account.account_number}`}>
                <Typography variant="body1" sx={{ fontWeight: 500 }}>
                  {account.bank_name}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2">
                    {`${ACCOUNT_NUMBER_LABEL}: `}
                    <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
                      {account.account_number}
                    </Box>
                  </Typography>
                  <Button
                    size="small"
                    startIcon={<ContentCopyIcon fontSize="small" />}
                    aria-label={copyAccountLabel(account.bank_name)}
                    onClick={() => void copy(account.account_number)}
                  >
                    {COPY_LABEL}
                  </Button>
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {`${ACCOUNT_HOLDER_LABEL}: ${account.holder_name}`}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {referenceText(loanNumber)}
        </Typography>
        <Button
          size="small"
          startIcon={<ContentCopyIcon fontSize="small" />}
          aria-label={COPY_REFERENCE_LABEL}
          onClick={() => void copy(reference)}
        >
          {COPY_LABEL}
        </Button>
      </Box>
      <Box role="status" aria-live="polite" sx={{ minHeight: '1.5rem', mt: 1 }}>
        {notice && (
          <Alert severity={notice.ok ? 'success' : 'warning'} sx={{ py: 0 }}>
            {notice.text}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
