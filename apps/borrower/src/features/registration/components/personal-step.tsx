import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { TextField } from '../../../components/text-field';
import Typography from '@mui/material/Typography';
import {
  addYears,
  digitsOnly,
  MAXIMUM_AGE_YEARS,
  MINIMUM_AGE_YEARS,
  PHONE_VALIDATED_LABEL,
  phoneHelper,
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_GENDER_OPTIONS,
  resendCountdownLabel,
  SEND_SMS_LABEL,
  SMS_CODE_LENGTH,
  SMS_SENT_LABEL,
  type IsoDate,
} from '@prestamos-hn/domain';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { PersonalFields } from '../utils/registration-steps';

/** Where the phone's one-time code stands. */
export interface PhoneCodeState {
  /** A code was sent and its 120 s count-down is running. */
  isSent: boolean;
  secondsLeft: number;
  /** A code was sent at some point: the code field is open. */
  hasSentCode: boolean;
  isVerified: boolean;
  isSending: boolean;
  isConfirming: boolean;
}

interface PersonalStepProps {
  form: UseFormReturn<PersonalFields>;
  today: IsoDate;
  isBirthDateValid: boolean;
  phoneCode: PhoneCodeState;
  onSendCode: () => void;
  onConfirmCode: () => void;
  onPhoneChanged: () => void;
}

/** E-mail, gender, birth date, then the phone with its SMS code. */
export function PersonalStep({
  form,
  today,
  isBirthDateValid,
  phoneCode,
  onSendCode,
  onConfirmCode,
  onPhoneChanged,
}: PersonalStepProps) {
  const { control } = form;
  const [phone, code] = useWatch({ control, name: ['phone', 'code'] });
  const isPhoneLocked = !isBirthDateValid || phoneCode.isVerified;
  const sendLabel = phoneCode.isVerified
    ? PHONE_VALIDATED_LABEL
    : phoneCode.isSent
      ? SMS_SENT_LABEL
      : SEND_SMS_LABEL;

  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
      <Controller
        control={control}
        name="email"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            onChange={(event) => field.onChange(event.target.value.toLowerCase())}
            label={REGISTRATION_FIELD_LABELS.email}
            type="email"
            required
            autoComplete="email"
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none' } }}
          />
        )}
      />
      <Controller
        control={control}
        name="gender"
        render={({ field, fieldState }) => (
          <FormControl required error={Boolean(fieldState.error)}>
            <FormLabel id="registration-gender">{REGISTRATION_FIELD_LABELS.gender}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="registration-gender"
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
            >
              {REGISTRATION_GENDER_OPTIONS.map((option) => (
                <FormControlLabel
                  key={option.value}
                  value={option.value}
                  control={<Radio />}
                  label={option.label}
                />
              ))}
            </RadioGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <Controller
        control={control}
        name="birthDate"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={REGISTRATION_FIELD_LABELS.birthDate}
            type="date"
            required
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? ' '}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: {
                min: addYears(today, -MAXIMUM_AGE_YEARS),
                max: addYears(today, -MINIMUM_AGE_YEARS),
              },
            }}
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(event) => {
                field.onChange(digitsOnly(event.target.value));
                onPhoneChanged();
              }}
              label={REGISTRATION_FIELD_LABELS.phone}
              type="tel"
              required
              autoComplete="tel-national"
              disabled={isPhoneLocked}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ?? (phoneCode.isVerified ? ' ' : (phoneHelper(field.value) ?? ' '))
              }
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
        />
        <Button
          variant="outlined"
          onClick={onSendCode}
          disabled={isPhoneLocked || phoneCode.isSent || phoneCode.isSending || phoneHelper(phone) !== null}
          sx={{ mt: 1, minWidth: 104 }}
        >
          {sendLabel}
        </Button>
      </Box>
      {phoneCode.isSent && !phoneCode.isVerified && (
        <Typography variant="body2" color="text.secondary" role="timer" sx={{ mt: -1 }}>
          {/* 'Reenviar (Ns)' (SPEC section 4) */}
          {resendCountdownLabel(phoneCode.secondsLeft)}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(event) => field.onChange(digitsOnly(event.target.value).slice(0, SMS_CODE_LENGTH))}
              label="Código"
              autoComplete="one-time-code"
              disabled={!phoneCode.hasSentCode || phoneCode.isVerified}
              // Only the server's refusal shows here; 'Confirmar' waits for the 6 digits.
              error={fieldState.error?.type === 'manual'}
              helperText={fieldState.error?.type === 'manual' ? fieldState.error.message : ' '}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: SMS_CODE_LENGTH } }}
            />
          )}
        />
        <Button
          variant="outlined"
          onClick={onConfirmCode}
          disabled={
            !phoneCode.hasSentCode ||
            phoneCode.isVerified ||
            phoneCode.isConfirming ||
            code.length !== SMS_CODE_LENGTH
          }
          sx={{ mt: 1, minWidth: 104 }}
        >
          Confirmar
        </Button>
      </Box>
    </Box>
  );
}
