import { formatCents, fromCents, toCents, type Period } from '@prestamos-hn/domain';

/**
 * The price list as an admin reads and types it: lempiras and percents with up to two decimals,
 * stored as integer hundredths (centavos; basis points for rates and percentage fees). Every
 * conversion is exact: the typed text is read digit by digit (the domain's `toCents`).
 */

export const PERIOD_LABELS: Record<Period, string> = {
  semanal: 'Semanal',
  quincenal: 'Quincenal',
  mensual: 'Mensual',
};
export const PERIOD_CHOICES = (Object.keys(PERIOD_LABELS) as Period[]).map((id) => ({
  id,
  name: PERIOD_LABELS[id],
}));

export const FEE_TYPE_CHOICES = [
  { id: 'percent', name: 'Porcentaje del monto por cuota' },
  { id: 'fixed', name: 'Cantidad fija por cuota' },
];

/** Hundredths (centavos, basis points) as the number the field shows: 150050 → 1500.5. */
export function hundredthsToInput(value: number | null | undefined): number | '' {
  return value === null || value === undefined || !Number.isSafeInteger(value) ? '' : fromCents(value);
}

/**
 * What the admin typed (a number, or its text) as hundredths: 1500.5 → 150050, 0.1 → 10. Null when
 * empty or when it has more than two decimals (the field's validation then says so).
 */
export function inputToHundredths(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = String(value).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return toCents(text);
}

/** Basis points as a percent: 6000 → '60 %', 1250 → '12.5 %'. */
export function formatPercent(bp: number): string {
  return `${fromCents(bp)} %`;
}

/** The administrative fee as staff read it: 'L 25.50 por cuota' or '5 % del monto por cuota'. */
export function formatFee(feeType: string, feeValue: number): string {
  return feeType === 'fixed'
    ? `L ${formatCents(feeValue)} por cuota`
    : `${formatPercent(feeValue)} del monto por cuota`;
}

/** An amount window: 'L 1,000.00 a L 10,000.00'. */
export function formatAmountRange(minCents: number, maxCents: number): string {
  return `L ${formatCents(minCents)} a L ${formatCents(maxCents)}`;
}

/** Days of grace as staff read them: 'sin gracia', '1 día de gracia', '3 días de gracia'. */
export function formatGrace(days: number): string {
  if (days === 0) return 'sin gracia';
  return `${days} ${days === 1 ? 'día' : 'días'} de gracia`;
}
