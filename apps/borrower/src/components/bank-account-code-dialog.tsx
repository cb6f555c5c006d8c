import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { PROFILE_SAVING_LABEL, SMS_CODE_LENGTH } from '@prestamos-hn/domain';
import { useState } from 'react';
import { LegacyCallError } from '../lib/api-errors';
import { useSaveBankAccount, useSendBankAccountCode, type NewBankAccount } from '../lib/bank-account-change';
import { CallResultAlert } from './call-result-alert';
import { PasswordField } from './password-field';
import { ResponsiveDialog } from './responsive-dialog';
import { TextField } from './text-field';

/** The wire field a refusal names (`UsrPwd` the password, `OtpLNum` the code), if any. */
const fieldOf = (error: Error | null): unknown =>
  error instanceof LegacyCallError ? error.payload.field : undefined;

interface BankAccountCodeDialogProps {
  account: NewBankAccount;
  /** The bank's name as the borrower chose it. */
  bankName: string;
  /** After the server saved the new account. */
  onChanged: () => void;
  onClose: () => void;
}

/**
 * Confirms a change of the bank account once one is on file (issue 31): the current password sends
 * a code by SMS to the account's phone (sendBankAccountCode.php), then the code and the password
 * confirm the change (putProfile.php). The server's refusals are shown in its words: on the
 * password or the code field when they name it, above the buttons otherwise (a loan request in
 * progress, an account that already exists...).
 */
export function BankAccountCodeDialog({ account, bankName, onChanged, onClose }: BankAccountCodeDialogProps) {
  const sendCode = useSendBankAccountCode();
  const save = useSaveBankAccount();
  const [password, setPassword] = useState('');
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [code, setCode] = useState('');
  const isCodeStep = sendCode.isSuccess;
  const passwordError = [sendCode.error, save.error].find((e) => fieldOf(e) === 'UsrPwd');
  const codeError = fieldOf(save.error) === 'OtpLNum' ? save.error : null;
  const otherError =
    [sendCode.error, save.error].find((e) => e && e !== passwordError && e !== codeError) ?? null;
  const isBusy = sendCode.isPending || save.isPending;

  const requestCode = () => {
    save.reset();
    sendCode.mutate({ account, password });
  };

  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby="bank-code-title">
      <DialogTitle id="bank-code-title">Confirma tu nueva cuenta bancaria</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 1.5, pt: 1 }}>
          <Typography variant="body2">
            Para proteger tu dinero, cambiar la cuenta donde recibes tus préstamos necesita tu contraseña y un
            código que te enviamos por SMS.
          </Typography>
          <Typography variant="body1" sx={{ fontWeight: 500 }}>
            {`Nueva cuenta: ${bankName} · ${account.account_number}`}
          </Typography>
          <PasswordField
            label="Contraseña actual"
            autoComplete="current-password"
            value={password}
            isVisible={isPasswordVisible}
            onToggleVisible={() => setIsPasswordVisible((visible) => !visible)}
            onChange={(event) => {
              setPassword(event.target.value);
              if (passwordError) {
                sendCode.reset();
                save.reset();
              }
            }}
            error={Boolean(passwordError)}
            helperText={passwordError ? passwordError.message : ' '}
            slotProps={{ formHelperText: passwordError ? { role: 'alert', error: true } : undefined }}
          />
          {isCodeStep && (
            <>
              <Alert severity="success" role="status">
                {sendCode.data.message}
              </Alert>
              <TextField
                label="Código"
                value={code}
                onChange={(event) => setCode(event.target.value.trim().slice(0, SMS_CODE_LENGTH))}
                error={Boolean(codeError)}
                helperText={codeError ? codeError.message : `Los ${SMS_CODE_LENGTH} dígitos del SMS.`}
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    maxLength: SMS_CODE_LENGTH,
                    autoComplete: 'one-time-code',
                  },
                  formHelperText: codeError ? { role: 'alert', error: true } : undefined,
                }}
              />
              <Box>
                <Button variant="text" disabled={isBusy || password === ''} onClick={requestCode}>
                  Enviar otro código
                </Button>
              </Box>
            </>
          )}
          <CallResultAlert error={otherError} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancelar
        </Button>
        {isCodeStep ? (
          <Button
            variant="contained"
            disabled={code.length !== SMS_CODE_LENGTH || password === '' || isBusy}
            onClick={() =>
              save.mutate({ account, confirmation: { password, code } }, { onSuccess: onChanged })
            }
          >
            {save.isPending ? PROFILE_SAVING_LABEL : 'Confirmar cambio'}
          </Button>
        ) : (
          <Button variant="contained" disabled={password === '' || isBusy} onClick={requestCode}>
            {sendCode.isPending ? PROFILE_SAVING_LABEL : 'Enviar código'}
          </Button>
        )}
      </DialogActions>
    </ResponsiveDialog>
  );
}
