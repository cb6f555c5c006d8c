import { formatCents, formatMoney } from '@prestamos-hn/domain';

/** Lempiras as the product shows them: `L 1,234.50`. */
export function formatLempiras(amount: number): string {
  return `L ${formatMoney(amount)}`;
}

/** Centavos as the product shows money: `L 1,234.50` for 123450. */
export function formatCentsAsLempiras(cents: number): string {
  return `L ${formatCents(cents)}`;
}

/** A percentage with up to two decimals: '60 %', '302.2 %'. */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))} %`;
}

/**
 * The rows a quote's summary adds to its totals, in the calculator and before a request is sent:
 * the product's annual rate and the quote's annual total cost (CAT).
 */
export function quoteRateRows(annualRatePct: number, annualCostPct: number) {
  return [
    { term: 'Tasa de interés anual', value: formatPercent(annualRatePct) },
    { term: 'Costo anual total (CAT)', value: formatPercent(annualCostPct) },
  ] as const;
}
