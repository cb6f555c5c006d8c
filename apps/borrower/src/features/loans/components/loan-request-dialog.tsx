import { zodResolver } from '@hookform/resolvers/zod';
import { CallResultAlert } from '../../../components/call-result-alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { loanMessages } from '@prestamos-hn/contract';
import { makeLoanRequestSchema, productRequestLimits, SENDING_LABEL } from '@prestamos-hn/domain';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useDocumentPreview } from '../api/get-document-preview';
import { useSendLoanRequest } from '../api/post-offer';
import {
  isLoanRequestComplete,
  isStepComplete,
  LOAN_REQUEST_STEPS,
  loanRequestFormSchema,
  type LoanRequestFormValues,
  type ParsedLoanRequest,
} from '../utils/loan-request-form';
import { PRODUCT_TYPE_LABELS, type ProductTileView } from '../utils/product-tiles';
import { BankAccountStep } from './bank-account-step';
import { DocumentConsent } from './document-consent';
import { focusOnMount } from '../utils/focus-on-mount';
import { RequestAmountStep } from './request-amount-step';
import { RequestCost } from './request-cost';

export const SEND_REQUEST_LABEL = 'Enviar solicitud';

interface LoanRequestDialogProps {
  tile: ProductTileView;
  onClose: () => void;
  /** The request was accepted: the server's message (the answer comes within 24 hours). */
  onSent: (message: string) => void;
}

/**
 * The loan request (SPEC sections 2, 4 and 5), full screen on phones: 1. amount, term and purpose;
 * 2. the bank account, confirmed or changed; 3. what the loan costs (the quote the server would
 * store), then the contract and the promissory note, read and accepted. 'Enviar solicitud' is enabled only when all of them are there; a refusal shows the
 * server's message here. 'Cancelar' closes it.
 */
export function LoanRequestDialog({ tile, onClose, onSent }: LoanRequestDialogProps) {
  const { product } = tile;
  const limits = useMemo(() => productRequestLimits(product), [product]);
  const [step, setStep] = useState(0);
  const send = useSendLoanRequest();
  const form = useForm<LoanRequestFormValues, unknown, ParsedLoanRequest>({
    resolver: zodResolver(loanRequestFormSchema(limits)) as unknown as Resolver<
      LoanRequestFormValues,
      unknown,
      ParsedLoanRequest
    >,
    mode: 'all',
    defaultValues: {
      amount: '',
      period: '',
      purpose: '',
      productId: String(product.id),
      bankAccountConfirmed: false,
      contractAccepted: false,
      promissoryNoteAccepted: false,
    },
  });
  const values = useWatch({ control: form.control }) as LoanRequestFormValues;
  const isLastStep = step === LOAN_REQUEST_STEPS.length - 1;
  const canContinue = isStepComplete(limits, values, step);
  const canSend = isLoanRequestComplete(limits, values) && !send.isPending;
  // The documents are rendered for the request of step 1, which is valid once step 3 shows.
  const documentRequest = useMemo(() => {
    if (step !== 2) return null;
    const parsed = makeLoanRequestSchema(limits).safeParse(values);
    return parsed.success
      ? {
          amount: parsed.data.amount,
          period: parsed.data.period,
          productId: product.id,
          purpose: parsed.data.purpose,
        }
      : null;
  }, [step, limits, values, product.id]);
  const contract = useDocumentPreview('contract', documentRequest);
  const promissoryNote = useDocumentPreview('promissoryNote', documentRequest);

  const setChecked =
    (name: 'bankAccountConfirmed' | 'contractAccepted' | 'promissoryNoteAccepted') => (checked: boolean) =>
      form.setValue(name, checked, { shouldValidate: true, shouldDirty: true });
  // What was accepted was rendered for another request, or is no longer what the server would store
  // (documentsChanged: the documents are read again, see useSendLoanRequest).
  const withdrawAcceptances = () => {
    setChecked('contractAccepted')(false);
    setChecked('promissoryNoteAccepted')(false);
  };

  const submit = form.handleSubmit((request) => {
    // Both boxes can be ticked only once both documents are there to read.
    if (!contract.data || !promissoryNote.data) return;
    send.mutate(
      {
        request: {
          period: request.period,
          amount: request.amount,
          purpose: request.purpose,
          productId: product.id,
        },
        // Their versions and hashes go with the request: the server stores them only if equal.
        contract: contract.data,
        promissoryNote: promissoryNote.data,
      },
      {
        onSuccess: (answer) => onSent(answer.message),
        onError: (error) => {
          if (error.message === loanMessages.documentsChanged) withdrawAcceptances();
        },
      },
    );
  });
  const close = () => {
    if (!send.isPending) onClose();
  };

  return (
    <ResponsiveDialog
      open
      onClose={close}
      aria-labelledby="loan-request-title"
      aria-describedby="loan-request-product"
    >
      <DialogTitle id="loan-request-title" sx={{ pb: 0 }}>
        Solicitud de préstamo
      </DialogTitle>
      <Typography id="loan-request-product" variant="body2" color="text.secondary" sx={{ px: 3, pb: 1 }}>
        {product.name} · {PRODUCT_TYPE_LABELS[product.period]}
      </Typography>
      <DialogContent dividers>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {LOAN_REQUEST_STEPS.map((label, index) => (
            <Step key={label} aria-current={index === step ? 'step' : undefined}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {/* The account step stays outside the request's form: it holds a form of its own (changing the
            account), and a form inside a form is not valid HTML, its submit also reaching the request's. */}
        {step === 1 && (
          <BankAccountStep
            isConfirmed={values.bankAccountConfirmed}
            onConfirmedChange={setChecked('bankAccountConfirmed')}
          />
        )}
        <Box component="form" id="loan-request-form" noValidate onSubmit={submit}>
          {step === 0 && (
            <RequestAmountStep control={form.control} limits={limits} onEdited={withdrawAcceptances} />
          )}
          {step === 2 && documentRequest && (
            <Box sx={{ display: 'grid', gap: 3 }}>
              <Typography component="h3" variant="subtitle1" tabIndex={-1} ref={focusOnMount}>
                Lee y acepta tus documentos
              </Typography>
              <RequestCost request={documentRequest} annualRatePct={product.annualRatePct} />
              <DocumentConsent
                kind="contract"
                preview={contract}
                isAccepted={values.contractAccepted}
                onAcceptedChange={setChecked('contractAccepted')}
              />
              <DocumentConsent
                kind="promissoryNote"
                preview={promissoryNote}
                isAccepted={values.promissoryNoteAccepted}
                onAcceptedChange={setChecked('promissoryNoteAccepted')}
              />
            </Box>
          )}
        </Box>
        <CallResultAlert error={send.error} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={send.isPending} sx={{ mr: 'auto' }}>
          Cancelar
        </Button>
        {step > 0 && (
          <Button onClick={() => setStep(step - 1)} disabled={send.isPending}>
            Atrás
          </Button>
        )}
        {isLastStep ? (
          <Button type="submit" form="loan-request-form" variant="contained" disabled={!canSend}>
            {send.isPending ? SENDING_LABEL : SEND_REQUEST_LABEL}
          </Button>
        ) : (
          <Button variant="contained" disabled={!canContinue} onClick={() => setStep(step + 1)}>
            Continuar
          </Button>
        )}
      </DialogActions>
    </ResponsiveDialog>
  );
}
