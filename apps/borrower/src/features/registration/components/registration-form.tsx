import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import {
  errorMessage,
  IDENTITY_NUMBER_LENGTH,
  REGISTRATION_CODE_RESEND_SECONDS,
  SENDING_LABEL,
  todayInTegucigalpa,
  type CensusItem,
} from '@prestamos-hn/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'wouter';
import { useCountdown } from '../../../hooks/use-countdown';
import { LegacyCallError } from '../../../lib/api-errors';
import { loadOnce } from '../../../lib/load-once';
import { startSession } from '../../../lib/session';
import { useCensus } from '../api/get-census';
import { useRegister } from '../api/register';
import { privacyTermsKey } from '../api/get-privacy-terms';
import { useConfirmRegistrationCode, useSendRegistrationCode } from '../api/registration-code';
import {
  censusRecordOf,
  emptyAccount,
  emptyIdentity,
  emptyPersonal,
  readCensusAnswer,
  REGISTRATION_SUCCESS_MESSAGE,
  STEP_LABELS,
  SUMMARY_STEP,
  type AccountFields,
  type CensusLookup,
  type IdentityFields,
  type PersonalFields,
} from '../utils/registration-steps';
import type * as RegistrationRules from '../utils/registration-rules';
import { IdentityStep } from './identity-step';

/** The census mismatch dialog (MUI's Dialog with it) downloads when the census first disagrees. */
const CensusMismatchDialog = lazy(() =>
  import('./census-mismatch-dialog').then((m) => ({ default: m.CensusMismatchDialog })),
);

/** 'Datos personales', 'Datos de cuenta' and the summary: downloaded with the rules. */
const loadLaterSteps = () => import('./later-steps');
const PersonalStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.PersonalStep })));
const AccountStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.AccountStep })));
const RegistrationSummary = lazy(() => loadLaterSteps().then((m) => ({ default: m.RegistrationSummary })));

/** How long 'Cuenta creada correctamente.' shows before Inicio. */
export const REGISTERED_NOTICE_MS = 2000;

type Rules = typeof RegistrationRules;

/**
 * The registration's rules (the domain's schemas, Zod and the resolvers), downloaded once when the
 * borrower first focuses a field: the fields can be typed in before they arrive. A failed download
 * is tried again on the next validation.
 */
const loadRules: () => Promise<Rules> = loadOnce(() => import('../utils/registration-rules'));

/** A step's resolver, from the rules once they are here (`onLoaded` keeps them for the render). */
function resolverOnRules<T extends FieldValues>(
  pick: (rules: Rules) => Resolver<T>,
  onLoaded: (rules: Rules) => void,
): Resolver<T> {
  return async (values, context, options) => {
    const rules = await loadRules();
    onLoaded(rules);
    return pick(rules)(values, context, options);
  };
}

/**
 * Registration stage 1 (SPEC sections 2, 4, 5, 8): the vertical stepper 'Identidad', 'Datos
 * personales', 'Datos de cuenta', the summary with 'Pasar a etapa 2' and 'Reiniciar', the census
 * mismatch dialog, the server's refusals, and on success the session and `onRegistered`.
 */
export function RegistrationForm({ onRegistered }: { onRegistered: () => void }) {
  const [today] = useState(() => todayInTegucigalpa(new Date()));
  const [activeStep, setActiveStep] = useState(0);
  const [mismatches, setMismatches] = useState<CensusItem[]>([]);
  // Made the first time the census disagrees, then kept (so that it fades out when reviewed).
  const [isMismatchMade, setIsMismatchMade] = useState(false);
  if (mismatches.length > 0 && !isMismatchMade) setIsMismatchMade(true);
  const [hasSentCode, setHasSentCode] = useState(false);
  const [isPhoneVerified, setIsPhoneVerified] = useState(false);
  const countdown = useCountdown();

  // Until the rules are here no step can be left. They and the later steps download when a field
  // is first focused (the census lookup needs 13 digits typed first), not while the page loads.
  const [rules, setRules] = useState<Rules | null>(null);
  const startDownloads = () => {
    if (rules) return;
    loadRules().then(setRules, () => {});
    loadLaterSteps().catch(() => {});
  };
  const censusRef = useRef<CensusLookup>({ state: 'idle' });
  const censusNow = () => censusRecordOf(censusRef.current);
  const identity = useForm<IdentityFields>({
    mode: 'onTouched',
    defaultValues: emptyIdentity,
    resolver: resolverOnRules((r) => r.identityResolver(today, censusNow), setRules),
  });
  const personal = useForm<PersonalFields>({
    mode: 'onTouched',
    defaultValues: emptyPersonal,
    resolver: resolverOnRules((r) => r.personalResolver(today, censusNow), setRules),
  });
  const account = useForm<AccountFields>({
    mode: 'onTouched',
    defaultValues: emptyAccount,
    resolver: resolverOnRules((r) => r.accountResolver, setRules),
  });

  const identityValues = useWatch({ control: identity.control }) as IdentityFields;
  const personalValues = useWatch({ control: personal.control }) as PersonalFields;
  const accountValues = useWatch({ control: account.control }) as AccountFields;

  const identityNumber = identityValues.identityNumber;
  const isNumberComplete = identityNumber.length === IDENTITY_NUMBER_LENGTH;
  const censusQuery = useCensus(identityNumber, isNumberComplete);
  const censusAnswer = readCensusAnswer(censusQuery.data, censusQuery.error);
  const census: CensusLookup = !isNumberComplete
    ? { state: 'idle' }
    : censusAnswer
      ? { state: 'done', ...censusAnswer }
      : { state: 'loading' };
  censusRef.current = census;
  const censusRecord = censusRecordOf(census);

  // A new census record changes what the names and the birth date must be: check those already typed.
  const { trigger: triggerIdentity, getFieldState: identityFieldState } = identity;
  const { trigger: triggerPersonal, getFieldState: personalFieldState } = personal;
  useEffect(() => {
    const names = (['firstName', 'firstSurname'] as const).filter(
      (name) => identityFieldState(name).isTouched,
    );
    if (names.length > 0) void triggerIdentity(names);
    if (personalFieldState('birthDate').isTouched) void triggerPersonal('birthDate');
  }, [censusRecord, triggerIdentity, identityFieldState, triggerPersonal, personalFieldState]);

  const sendCode = useSendRegistrationCode();
  const confirmCode = useConfirmRegistrationCode();
  const register = useRegister();
  const queryClient = useQueryClient();
  // The version of the privacy terms accepted in their dialog, sent with the registration.
  const [termsVersion, setTermsVersion] = useState<number | null>(null);

  const resetPhoneCode = () => {
    countdown.stop();
    setHasSentCode(false);
    setIsPhoneVerified(false);
    sendCode.reset();
    confirmCode.reset();
    personal.setValue('code', '');
  };

  const onSendCode = () => {
    const phone = personal.getValues('phone');
    sendCode.mutate(phone, {
      onSuccess: () => {
        countdown.start(REGISTRATION_CODE_RESEND_SECONDS);
        setHasSentCode(true);
        personal.clearErrors('phone');
      },
      onError: (error) =>
        personal.setError('phone', { type: 'manual', message: errorMessage(error.message) }),
    });
  };

  const onConfirmCode = () => {
    const { phone, code } = personal.getValues();
    confirmCode.mutate(
      { phone, code },
      {
        onSuccess: () => {
          setIsPhoneVerified(true);
          countdown.stop();
          personal.clearErrors('code');
        },
        onError: (error) =>
          personal.setError('code', { type: 'manual', message: errorMessage(error.message) }),
      },
    );
  };

  const restart = () => {
    identity.reset(emptyIdentity);
    personal.reset(emptyPersonal);
    account.reset(emptyAccount);
    resetPhoneCode();
    register.reset();
    setTermsVersion(null);
    setMismatches([]);
    setActiveStep(0);
  };

  const submit = () => {
    if (!rules) return;
    const payload = rules.buildRegistrationPayload(
      identityValues,
      personalValues,
      accountValues,
      censusRecord,
      today,
    );
    if (!payload || !censusRecord) return;
    const items = rules.registrationCensusMismatches(payload, censusRecord);
    if (items.length > 0) {
      setMismatches(items);
      return;
    }
    register.mutate(
      { ...payload, privacyTermsVersion: termsVersion },
      {
        onSuccess: ({ sid, data }) => startSession(sid, data),
        onError: (error) => {
          // The terms changed since they were read: untick them, and the dialog reads the new ones.
          if (error instanceof LegacyCallError && error.payload.field === 'UsrPrivVer') {
            account.setValue('termsAccepted', false, { shouldValidate: true });
            setTermsVersion(null);
            void queryClient.invalidateQueries({ queryKey: privacyTermsKey });
            return;
          }
          if (!(error instanceof LegacyCallError) || error.status !== 'ER-API') return;
          const conflicts = rules.conflictsOf(error.errors);
          for (const conflict of conflicts) {
            if (conflict.field === 'identityNumber') {
              identity.setValue('identityNumber', '');
              identity.setError('identityNumber', { type: 'manual', message: conflict.message });
            } else {
              if (conflict.field === 'phone') resetPhoneCode();
              personal.setValue(conflict.field, '');
              personal.setError(conflict.field, { type: 'manual', message: conflict.message });
            }
          }
          if (conflicts[0]) setActiveStep(conflicts[0].step);
        },
      },
    );
  };

  // After 'Cuenta creada correctamente.' shows, the borrower (now logged in) goes on (to Inicio).
  const isRegistered = register.isSuccess;
  useEffect(() => {
    if (!isRegistered) return;
    const timer = setTimeout(onRegistered, REGISTERED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [isRegistered, onRegistered]);

  if (register.isSuccess) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success" role="status">
          {REGISTRATION_SUCCESS_MESSAGE}
        </Alert>
        <Link component={RouterLink} to="/login">
          Volver al formulario de ingreso
        </Link>
      </Box>
    );
  }

  const canLeave = rules
    ? [
        rules.canLeaveIdentityStep(identityValues, census, today),
        rules.canLeavePersonalStep(personalValues, census, today, isPhoneVerified),
        rules.canLeaveAccountStep(accountValues),
      ]
    : [false, false, false];
  const stepContents: ReactNode[] = [
    <IdentityStep key="identity" form={identity} census={census} />,
    <PersonalStep
      key="personal"
      form={personal}
      today={today}
      isBirthDateValid={rules?.isBirthDateValid(personalValues, census, today) ?? false}
      phoneCode={{
        isSent: countdown.isRunning,
        secondsLeft: countdown.secondsLeft,
        hasSentCode,
        isVerified: isPhoneVerified,
        isSending: sendCode.isPending,
        isConfirming: confirmCode.isPending,
      }}
      onSendCode={onSendCode}
      onConfirmCode={onConfirmCode}
      onPhoneChanged={() => {
        if (hasSentCode || countdown.isRunning) resetPhoneCode();
      }}
    />,
    <AccountStep key="account" form={account} onTermsVersion={setTermsVersion} />,
  ];

  return (
    <>
      <Stepper activeStep={activeStep} orientation="vertical" onFocus={startDownloads}>
        {STEP_LABELS.map((label, index) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
            <StepContent>
              <Suspense fallback={null}>{stepContents[index]}</Suspense>
              <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
                {index > 0 && <Button onClick={() => setActiveStep(index - 1)}>Atrás</Button>}
                <Button
                  variant="contained"
                  disabled={!canLeave[index]}
                  onClick={() => setActiveStep(index + 1)}
                >
                  Continuar
                </Button>
              </Box>
            </StepContent>
          </Step>
        ))}
      </Stepper>
      {activeStep === SUMMARY_STEP && (
        <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
          <Suspense fallback={null}>
            <RegistrationSummary identity={identityValues} personal={personalValues} />
          </Suspense>
          {register.isError &&
            !(register.error instanceof LegacyCallError && register.error.status === 'ER-API') && (
              <Alert severity="error" role="alert">
                {errorMessage(register.error.message)}
              </Alert>
            )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" size="large" onClick={submit} disabled={register.isPending}>
              {register.isPending ? SENDING_LABEL : 'Pasar a etapa 2'}
            </Button>
            <Button size="large" onClick={restart} disabled={register.isPending}>
              Reiniciar
            </Button>
          </Box>
        </Box>
      )}
      {isMismatchMade && (
        <Suspense fallback={null}>
          <CensusMismatchDialog
            items={mismatches}
            onReview={() => {
              if (rules) setActiveStep(rules.stepToReview(mismatches));
              setMismatches([]);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
