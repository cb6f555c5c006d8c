import { fromCents, toCents } from '@prestamos-hn/domain';
import type { LoanPayments, LoanPaymentsWire, PayoffQuoteWire, PayoffSummary } from './payments.ts';

// The functions that map the payment calls' payloads to and from the domain's types, without zod:
// screens import these and not the calls' schemas (issue 33).

/** The domain's payoff quote as getPayoffQuote.php answers it: lempiras. */
export function toWirePayoffQuote(quote: PayoffSummary): PayoffQuoteWire {
  return {
    asOf: quote.asOf,
    payoff: fromCents(quote.payoffCents),
    principal: fromCents(quote.principalCents),
    interest: fromCents(quote.interestCents),
    fees: fromCents(quote.feesCents),
    lateFees: fromCents(quote.lateFeesCents),
    creditedBack: fromCents(quote.creditedBackCents),
    validUntil: quote.validUntil,
  };
}

/** getPayoffQuote.php's answer as centavos. */
export function fromWirePayoffQuote(wire: PayoffQuoteWire): PayoffSummary {
  return {
    asOf: wire.asOf,
    validUntil: wire.validUntil,
    payoffCents: toCents(wire.payoff),
    principalCents: toCents(wire.principal),
    interestCents: toCents(wire.interest),
    feesCents: toCents(wire.fees),
    lateFeesCents: toCents(wire.lateFees),
    creditedBackCents: toCents(wire.creditedBack),
  };
}

/** The receipts and payments as getLoanPayments.php answers them: lempiras, the wire's names. */
export function toWireLoanPayments(history: LoanPayments): LoanPaymentsWire {
  return {
    receipts: history.receipts.map((receipt) => ({
      id: receipt.id,
      sent_at: receipt.sentAt,
      reference: receipt.reference,
      amount: fromCents(receipt.declaredCents),
      state: receipt.state,
      credited: receipt.creditedCents === null ? null : fromCents(receipt.creditedCents),
      reason: receipt.reason,
    })),
    payments: history.payments.map((payment) => ({
      id: payment.id,
      date: payment.businessDate,
      amount: fromCents(payment.amountCents),
      reversed: payment.reversed,
      instalments: payment.instalments.map(({ position, covered }) => ({
        position,
        late_fee: fromCents(covered.lateFee),
        penalty: fromCents(covered.penalty),
        interest: fromCents(covered.charge),
        administrator_fee: fromCents(covered.administratorFee),
        principal: fromCents(covered.amount),
      })),
    })),
  };
}

/** getLoanPayments.php's answer as centavos. */
export function fromWireLoanPayments(wire: LoanPaymentsWire): LoanPayments {
  return {
    receipts: wire.receipts.map((receipt) => ({
      id: receipt.id,
      sentAt: receipt.sent_at,
      reference: receipt.reference,
      declaredCents: toCents(receipt.amount),
      state: receipt.state,
      creditedCents: receipt.credited === null ? null : toCents(receipt.credited),
      reason: receipt.reason,
    })),
    payments: wire.payments.map((payment) => ({
      id: payment.id,
      businessDate: payment.date,
      amountCents: toCents(payment.amount),
      reversed: payment.reversed,
      instalments: payment.instalments.map((item) => ({
        position: item.position,
        covered: {
          lateFee: toCents(item.late_fee),
          penalty: toCents(item.penalty),
          charge: toCents(item.interest),
          administratorFee: toCents(item.administrator_fee),
          amount: toCents(item.principal),
        },
      })),
    })),
  };
}
