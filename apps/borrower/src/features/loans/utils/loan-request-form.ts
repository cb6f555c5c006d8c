import {
  loanRequestConsentSchema,
  makeLoanRequestSchema,
  termOptions,
  type LoanRequestLimits,
  type Period,
} from '@prestamos-hn/domain';
import type { z } from 'zod';

/** What the request dialog holds, as typed: text for the inputs and selects, booleans for the boxes. */
export interface LoanRequestFormValues {
  amount: string;
  period: string;
  purpose: string;
  productId: string;
  bankAccountConfirmed: boolean;
  contractAccepted: boolean;
  promissoryNoteAccepted: boolean;
}

/** The dialog's steps: 1 amount, term and purpose; 2 the bank account; 3 the documents. */
export const LOAN_REQUEST_STEPS = ['Monto y plazo', 'Cuenta bancaria', 'Documentos'] as const;

/** The fields each step asks for: a step goes on only when its fields are valid. */
export const STEP_FIELDS = [
  ['amount', 'period', 'purpose'],
  ['bankAccountConfirmed'],
  ['contractAccepted', 'promissoryNoteAccepted'],
] as const satisfies readonly (readonly (keyof LoanRequestFormValues)[])[];

/**
 * The whole request: postOffer.php's body (the domain's schema with the product's limits: the
 * SPEC's amount and term messages, 'Seleccione una opción.' for the purpose) and the consent of
 * steps 2 and 3 (the account confirmed, the contract and the promissory note accepted).
 */
export function loanRequestFormSchema(limits: LoanRequestLimits) {
  return makeLoanRequestSchema(limits).extend(loanRequestConsentSchema.shape);
}

/** The request as the schema outputs it: numbers for the amount and the term, `true` for each consent. */
export type ParsedLoanRequest = z.output<ReturnType<typeof loanRequestFormSchema>>;

/** 'Enviar solicitud' is enabled only when amount, term, purpose, the account confirmation and both acceptances are present. */
export function isLoanRequestComplete(limits: LoanRequestLimits, values: LoanRequestFormValues): boolean {
  return invalidFields(limits, values).size === 0;
}

/** The term select's options: '30 días (1 pago)', '60 días (2 pagos)' … for the product's period. */
export function termSelectOptions(period: Period, minDays: number, maxDays: number) {
  return termOptions(period, minDays, maxDays).map((option) => ({
    value: String(option.days),
    label: `${option.days} días (${option.payments} ${option.payments === 1 ? 'pago' : 'pagos'})`,
  }));
}

/** The fields whose value is not valid yet (by the whole request's schema). */
export function invalidFields(
  limits: LoanRequestLimits,
  values: LoanRequestFormValues,
): Set<keyof LoanRequestFormValues> {
  const result = loanRequestFormSchema(limits).safeParse(values);
  if (result.success) return new Set();
  return new Set(result.error.issues.map((issue) => issue.path[0] as keyof LoanRequestFormValues));
}

/** Whether step `step` (0, 1 or 2) has every field it asks for: 'Continuar' is enabled then. */
export function isStepComplete(
  limits: LoanRequestLimits,
  values: LoanRequestFormValues,
  step: number,
): boolean {
  const invalid = invalidFields(limits, values);
  return (STEP_FIELDS[step] ?? []).every((field) => !invalid.has(field));
}
