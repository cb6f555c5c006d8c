/** The highest instalment that has an ordinal name. */
export const ORDINAL_PAYMENT_MAX = 36;

const FIRST_TEN = [
  'Primer',
  'Segundo',
  'Tercer',
  'Cuarto',
  'Quinto',
  'Sexto',
  'Séptimo',
  'Octavo',
  'Noveno',
  'Décimo',
];
const TEENS = [
  'Undécimo',
  'Duodécimo',
  'Decimotercer',
  'Decimocuarto',
  'Decimoquinto',
  'Decimosexto',
  'Decimoséptimo',
  'Decimoctavo',
  'Decimonoveno',
];
const TENS: Readonly<Record<number, string>> = { 2: 'Vigésimo', 3: 'Trigésimo' };

function ordinal(n: number): string {
  if (n <= 10) return FIRST_TEN[n - 1] ?? '';
  if (n < 20) return TEENS[n - 11] ?? '';
  const ten = TENS[Math.floor(n / 10)] ?? '';
  const unit = n % 10;
  return unit === 0 ? ten : `${ten} ${(FIRST_TEN[unit - 1] ?? '').toLowerCase()}`;
}

/** The name shown beside a dated instalment, 1 to 36: `Primer pago` … `Trigésimo sexto pago`. */
export function ordinalPaymentName(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > ORDINAL_PAYMENT_MAX) {
    throw new RangeError(`No ordinal name for payment ${n} (1 to ${ORDINAL_PAYMENT_MAX})`);
  }
  return `${ordinal(n)} pago`;
}
