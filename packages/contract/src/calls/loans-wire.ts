import {
  fromCents,
  PRICE_LIST_FEE_TYPES,
  toCents,
  type Instalment,
  type LoanProductOffer,
  type QuoteSummary,
} from '@prestamos-hn/domain';
import type { ApplicationProfile, Invoice, InvoicePreview, ScheduleItem } from './loans.ts';

// The functions that map the loan calls' payloads to and from the domain's types, without zod:
// screens that show a loan import these and not the calls' schemas (issue 33), which download with
// the API client's answers (apps/borrower/src/lib/api-client.ts).

/** The products and their price lists as getApplicationProfilev2.php answers them: the SPEC's names, lempiras. */
export function toWireApplicationProfile(offer: LoanProductOffer): ApplicationProfile {
  return {
    Products: offer.products.map((product) => ({
      ProCod: product.id,
      ProTip: product.period,
      ProNom: product.name,
      ProDsc: product.description,
    })),
    Products_r: offer.allowedProductIds,
    PriceList: {
      data: {
        pricelistData: offer.products.map((product) => ({
          ProCod: product.id,
          PriMntDes: fromCents(product.minAmountCents),
          PriMntHas: fromCents(product.maxAmountCents),
          PriTerDes: product.minDays,
          PriTerHas: product.maxDays,
          PriInt: product.annualRatePct,
          PriCuoTip: PRICE_LIST_FEE_TYPES[product.feeType],
          PriCuo: product.feeType === 'fixed' ? fromCents(product.feeValue) : product.feeValue,
        })),
      },
    },
  };
}

/**
 * getApplicationProfilev2.php's answer as the domain's products, in centavos: each product with its
 * price list, in the answer's order; a product without a price list cannot be requested and is left out.
 */
export function fromWireApplicationProfile(wire: ApplicationProfile): LoanProductOffer {
  const products: LoanProductOffer['products'] = [];
  for (const product of wire.Products) {
    const price = wire.PriceList.data.pricelistData.find((item) => item.ProCod === product.ProCod);
    if (!price) continue;
    const feeType = price.PriCuoTip === PRICE_LIST_FEE_TYPES.fixed ? 'fixed' : 'percent';
    products.push({
      id: product.ProCod,
      period: product.ProTip,
      name: product.ProNom,
      description: product.ProDsc,
      minAmountCents: toCents(price.PriMntDes),
      maxAmountCents: toCents(price.PriMntHas),
      minDays: price.PriTerDes,
      maxDays: price.PriTerHas,
      annualRatePct: price.PriInt,
      feeType,
      feeValue: feeType === 'fixed' ? toCents(price.PriCuo) : price.PriCuo,
    });
  }
  return { products, allowedProductIds: wire.Products_r };
}

/** A quote (or its summary) as getFactura.php answers it: the SPEC's names, lempiras. */
export function toWireQuote(quote: QuoteSummary): Invoice {
  return {
    cantidadSolicitada: fromCents(quote.amountCents),
    intereses: fromCents(quote.interestCents),
    gastosAdministrativos: fromCents(quote.feesCents),
    totalAPagar: fromCents(quote.totalCents),
    pagosARealizar: quote.payments.length,
    pagos: quote.payments.map((payment) => ({
      fechaDePago: payment.dueDate,
      cantidad: fromCents(payment.totalCents),
    })),
  };
}

/** getFactura.php's invoice as the domain's quote summary, in centavos. */
export function fromWireQuote(wire: Invoice): QuoteSummary {
  return {
    amountCents: toCents(wire.cantidadSolicitada),
    interestCents: toCents(wire.intereses),
    feesCents: toCents(wire.gastosAdministrativos),
    totalCents: toCents(wire.totalAPagar),
    payments: wire.pagos.map((payment) => ({
      dueDate: payment.fechaDePago,
      totalCents: toCents(payment.cantidad),
    })),
  };
}

/** A quote as getFacturaPre.php answers it: the invoice and the annual cost it carries. */
export function toWireInvoicePreview(quote: QuoteSummary, annualCostPercent: number): InvoicePreview {
  return { ...toWireQuote(quote), costoAnualTotal: annualCostPercent };
}

/** getFacturaPre.php's answer as the domain's summary (centavos) and the annual cost in percent. */
export function fromWireInvoicePreview(wire: InvoicePreview): {
  summary: QuoteSummary;
  annualCostPercent: number;
} {
  return { summary: fromWireQuote(wire), annualCostPercent: wire.costoAnualTotal };
}

/** An instalment as getBorrowerRepaymentSchedule.php answers it: the SPEC's names, lempiras. */
export function toWireInstalment(instalment: Instalment): ScheduleItem {
  return {
    id: instalment.id,
    container_id: instalment.loanId,
    schedule_position: instalment.position,
    schedule_date: instalment.dueDate,
    status: instalment.status,
    charge: fromCents(instalment.chargeCents),
    charge_covered: fromCents(instalment.chargeCoveredCents),
    administrator_fee: fromCents(instalment.administratorFeeCents),
    administrator_fee_covered: fromCents(instalment.administratorFeeCoveredCents),
    amount: fromCents(instalment.amountCents),
    amount_covered: fromCents(instalment.amountCoveredCents),
    late_fee: fromCents(instalment.lateFeeCents),
    late_fee_covered: fromCents(instalment.lateFeeCoveredCents),
    penalty_fee: fromCents(instalment.penaltyFeeCents),
    penalty_covered: fromCents(instalment.penaltyCoveredCents),
  };
}

/** getBorrowerRepaymentSchedule.php's item as the domain's instalment, in centavos. */
export function fromWireInstalment(wire: ScheduleItem): Instalment {
  return {
    id: wire.id,
    loanId: wire.container_id,
    position: wire.schedule_position,
    dueDate: wire.schedule_date,
    status: wire.status,
    chargeCents: toCents(wire.charge),
    chargeCoveredCents: toCents(wire.charge_covered),
    administratorFeeCents: toCents(wire.administrator_fee),
    administratorFeeCoveredCents: toCents(wire.administrator_fee_covered),
    amountCents: toCents(wire.amount),
    amountCoveredCents: toCents(wire.amount_covered),
    lateFeeCents: toCents(wire.late_fee),
    lateFeeCoveredCents: toCents(wire.late_fee_covered),
    penaltyFeeCents: toCents(wire.penalty_fee),
    penaltyCoveredCents: toCents(wire.penalty_covered),
  };
}
