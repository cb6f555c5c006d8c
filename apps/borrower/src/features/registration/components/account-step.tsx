import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { PASSWORD_RULE_MESSAGE } from '@prestamos-hn/domain';
import { lazy, Suspense, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import type { AccountFields } from '../utils/registration-steps';

/** The terms' dialog (MUI's Dialog with it) downloads when the terms are first opened, not with /registro. */
const TermsDialog = lazy(() => import('./terms-dialog').then((m) => ({ default: m.TermsDialog })));

/**
 * Password, its repeat, and the privacy terms (accepted through their dialog; `onTermsVersion` hears
 * the version accepted, or null when declined).
 */
export function AccountStep({
  form,
  onTermsVersion,
}: {
  form: UseFormReturn<AccountFields>;
  onTermsVersion: (version: number | null) => void;
}) {
  const { control, setValue } = form;
  const [isVisible, setIsVisible] = useState(false);
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  // Made the first time it opens, then kept (it fades out, and the terms read stay loaded).
  const [isTermsMade, setIsTermsMade] = useState(false);
  const openTerms = () => {
    setIsTermsMade(true);
    setIsTermsOpen(true);
  };
  const answerTerms = (version: number | null) => {
    setValue('termsAccepted', version !== null, { shouldValidate: true, shouldTouch: true });
    onTermsVersion(version);
    setIsTermsOpen(false);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
      <Controller
        control={control}
        name="password"
        render={({ field, fieldState }) => (
          <PasswordField
            {...field}
            label="Contraseña"
            required
            autoComplete="new-password"
            isVisible={isVisible}
            onToggleVisible={() => setIsVisible((visible) => !visible)}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? PASSWORD_RULE_MESSAGE}
          />
        )}
      />
      <Controller
        control={control}
        name="passwordRepeat"
        render={({ field, fieldState }) => (
          <PasswordField
            {...field}
            label="Repetir contraseña"
            required
            autoComplete="new-password"
            isVisible={isVisible}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? ' '}
          />
        )}
      />
      <Controller
        control={control}
        name="termsAccepted"
        render={({ field, fieldState }) => (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => {
                    // Ticking opens the terms; 'Acepto' ticks the box.
                    if (event.target.checked) openTerms();
                    else {
                      field.onChange(false);
                      onTermsVersion(null);
                    }
                  }}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              }
              label="He leído y acepto los términos de privacidad"
            />
            <Button size="small" onClick={openTerms}>
              Leer los términos
            </Button>
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </Box>
        )}
      />
      {isTermsMade && (
        <Suspense fallback={null}>
          <TermsDialog
            open={isTermsOpen}
            onAccept={(version) => answerTerms(version)}
            onDecline={() => answerTerms(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
