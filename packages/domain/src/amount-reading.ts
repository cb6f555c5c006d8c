/**
 * Amounts as people type them (issue 35): '15,000', '15000.00', 'L 1,000', 'Lps. 250.5'. One reading
 * for every amount field, so a form never refuses a number written the usual Honduran way.
 */

/** What `readAmount` answers: the amount in integer centavos, or that the text is not an amount. */
export type AmountReading = { ok: true; cents: number } | { ok: false };

/**
 * An optional currency prefix ('L', 'L.', 'Lps', 'Lps.', any case) and spaces; then either plain
 * digits or digits in thousands groups of three split by commas ('1,000', '15,000,000'); then at
 * most two decimals after a point. Nothing else: no sign, no decimal comma ('1,5', '1.000,00').
 */
const AMOUNT_TEXT = /^(?:l(?:ps)?\.?\s*)?(\d+|[1-9]\d{0,2}(?:,\d{3})+)(?:\.(\d{1,2}))?$/i;

/**
 * Reads an amount field: `{ok: true, cents}` for a non-negative amount written as people write it
 * ('15,000', '15000.00', 'L 1,000'), `{ok: false}` for anything else (empty, letters, a sign, a
 * decimal comma, badly grouped thousands, more than two decimals, beyond a safe integer of
 * centavos). A number (a field's default value) is read the same way, from its shortest text.
 */
export function readAmount(value: string | number): AmountReading {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return { ok: false };
  const [, whole = '', fraction = ''] = match;
  const cents = Number(whole.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? { ok: true, cents } : { ok: false };
}
