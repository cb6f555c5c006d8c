import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CallResultAlert } from '../../../components/call-result-alert';
import { useBorrowerProfile } from '../api/get-borrower-profile';
import { useBanks } from '../api/get-banks';
import { useCurrentBankAccount } from '../api/get-bank-accounts';
import { focusOnMount } from '../utils/focus-on-mount';
import { ChangeBankAccountForm } from './change-bank-account-form';

interface BankAccountStepProps {
  isConfirmed: boolean;
  onConfirmedChange: (isConfirmed: boolean) => void;
}

/**
 * Step 2: the account the loan is paid into (get_bankaccount.php's current one), to confirm, or
 * to change. While this step shows, the profile is read every second (SPEC section 7), and the
 * accounts again whenever the profile's account changes; a changed account must be confirmed again.
 */
export function BankAccountStep({ isConfirmed, onConfirmedChange }: BankAccountStepProps) {
  const profile = useBorrowerProfile({ isPolling: true });
  const account = useCurrentBankAccount(
    profile.data ? { bank: profile.data.bank, account_number: profile.data.account_number } : undefined,
  );
  const banks = useBanks();
  const [isChanging, setIsChanging] = useState(false);
  const [isChanged, setIsChanged] = useState(false);

  const current = account.data;
  const bankName = current
    ? (banks.data?.find((bank) => bank.value === current.bank)?.label ?? `Banco ${current.bank}`)
    : null;
  // The accounts are read once the profile is: either failing shows its message.
  const failure = profile.error ?? account.error;
  const isLoading = account.data === undefined && !failure;
  const showForm = isChanging || current === null;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h3" variant="subtitle1" tabIndex={-1} ref={focusOnMount}>
        ¿Dónde recibes tu préstamo?
      </Typography>
      {isLoading ? (
        <Typography role="status">Cargando tu cuenta…</Typography>
      ) : failure && account.data === undefined ? (
        <CallResultAlert error={failure} />
      ) : current ? (
        <Box
          component="dl"
          aria-label="Tu cuenta bancaria"
          sx={{ m: 0, p: 2, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', gap: 0.5 }}
        >
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
            Banco
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 500 }}>
            {bankName}
          </Typography>
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
            Número de cuenta
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 500 }}>
            {current.account_number}
          </Typography>
        </Box>
      ) : (
        <Alert severity="warning">No tienes una cuenta bancaria registrada. Agrégala para continuar.</Alert>
      )}
      {isChanged && !isChanging && (
        <Alert severity="success" role="status">
          Guardamos tu nueva cuenta. Confírmala para continuar.
        </Alert>
      )}
      {current && (
        <FormControlLabel
          control={
            <Checkbox
              checked={isConfirmed}
              onChange={(event) => onConfirmedChange(event.target.checked)}
              disabled={isChanging}
            />
          }
          label="Confirmo que quiero recibir mi préstamo en esta cuenta."
        />
      )}
      {showForm ? (
        <ChangeBankAccountForm
          banks={banks.data ?? []}
          onCancel={current ? () => setIsChanging(false) : undefined}
          onChanged={() => {
            onConfirmedChange(false);
            setIsChanging(false);
            setIsChanged(true);
          }}
        />
      ) : (
        current && (
          <Box>
            <Button
              variant="text"
              onClick={() => {
                onConfirmedChange(false);
                setIsChanged(false);
                setIsChanging(true);
              }}
            >
              Cambiar cuenta
            </Button>
          </Box>
        )
      )}
    </Box>
  );
}
