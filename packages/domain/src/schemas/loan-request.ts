/** The loan request dialog (postOffer.php): amount, term and purpose, then consent. */
import { z } from 'zod';
import { LOAN_AMOUNT_MULTIPLE, type Period } from '../constants.ts';
import { termOptions } from '../loan-math.ts';
import { readAmount } from '../amount-reading.ts';
import {
  AMOUNT_NOT_A_NUMBER_MESSAGE,
  SELECT_AN_OPTION_MESSAGE,
  loanAmountMinimumMessage,
  loanAmountRangeMessage,
  termMaximumMessage,
  termMinimumMessage,
} from '../messages.ts';
import { fromCents, toCents } from '../money.ts';
import { acceptedCheckbox, requiredSelect } from './fields.ts';

/** The price list's limits (PriMntDes, PriMntHas, PriTerDes, PriTerHas) and the product's period. */
export type LoanRequestLimits = {
  minAmount: number;
  maxAmount: number;
  minDays: number;
  maxDays: number;
  /** When given, the term must also be one of `termOptions(period, minDays, maxDays)`. */
  period?: Period;
};

/**
 * The amount, as people write it ('15,000', 'L 1,000', '15000.00'; else 'Escribe solo números'):
 * from the minimum ('El monto debe ser mayor o igual a L.{min}') to the maximum, in multiples of 10
 * ('Minimo L{min}, máximo de L{max} y multiplo de 10.', also for an empty field). The output is a number.
 */
export function loanAmountSchema(minAmount: number, maxAmount: number) {
  const rangeMessage = loanAmountRangeMessage(minAmount, maxAmount);
  const minCents = toCents(minAmount);
  const maxCents = toCents(maxAmount);
  const step = LOAN_AMOUNT_MULTIPLE * 100;
  return z.union([z.string(), z.number()], { error: rangeMessage }).transform((value, ctx) => {
    const reading = readAmount(value);
    const cents = reading.ok ? reading.cents : null;
    if (cents !== null && cents >= minCents && cents <= maxCents && cents % step === 0)
      return fromCents(cents);
    const isEmpty = typeof value === 'string' && value.trim() === '';
    const message =
      cents !== null && cents < minCents
        ? loanAmountMinimumMessage(minAmount)
        : cents === null && !isEmpty
          ? AMOUNT_NOT_A_NUMBER_MESSAGE
          : rangeMessage;
    ctx.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  });
}

/** The term in days: 'No debe ser menos de {n}.', 'No debe ser mayor de {n}.', else one of the options. */
export function loanTermSchema({
  minDays,
  maxDays,
  period,
}: Omit<LoanRequestLimits, 'minAmount' | 'maxAmount'>) {
  const allowed = period ? new Set(termOptions(period, minDays, maxDays).map((option) => option.days)) : null;
  return z.union([z.string(), z.number()], { error: SELECT_AN_OPTION_MESSAGE }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const days = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    let message: string | null = null;
    if (!Number.isSafeInteger(days)) message = SELECT_AN_OPTION_MESSAGE;
    else if (days < minDays) message = termMinimumMessage(minDays);
    else if (days > maxDays) message = termMaximumMessage(maxDays);
    else if (allowed && !allowed.has(days)) message = SELECT_AN_OPTION_MESSAGE;
    if (message !== null) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return days;
  });
}

/**
 * postOffer.php's body: `amount`, `period` (the term in days), `purpose` and `productId`, the
 * selects required ('Seleccione una opción.').
 */
export function makeLoanRequestSchema(limits: LoanRequestLimits) {
  return z.object({
    amount: loanAmountSchema(limits.minAmount, limits.maxAmount),
    period: loanTermSchema(limits),
    purpose: requiredSelect(),
    productId: requiredSelect(),
  });
}
export type LoanRequestPayload = z.output<ReturnType<typeof makeLoanRequestSchema>>;

/** Steps 2 and 3: the bank account confirmed, the contract and the promissory note accepted. */
export const loanRequestConsentSchema = z.object({
  bankAccountConfirmed: acceptedCheckbox,
  contractAccepted: acceptedCheckbox,
  promissoryNoteAccepted: acceptedCheckbox,
});
