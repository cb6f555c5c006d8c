/**
 * Exact money: lempiras travel as numbers with at most two decimals, but every computation runs on
 * integer centavos (or on exact rationals of BigInts), never on binary floating point.
 */

/** An exact rational number `num / den` with `den > 0`. */
export type Rational = { num: bigint; den: bigint };

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Parses a decimal number exactly, from its text (`'1234.56'`) or from a JavaScript number (read
 * through its shortest round-trip text, so `0.1` is one tenth, not the binary double nearest to it).
 */
export function parseDecimal(value: number | string): Rational {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`Not a finite number: ${value}`);
  }
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match ?? [];
  if (!match || whole.length + fraction.length === 0) {
    throw new TypeError(`Not a decimal number: ${JSON.stringify(value)}`);
  }
  const digits = BigInt(whole + fraction) * (sign === '-' ? -1n : 1n);
  const exponent = Number(exponentText) - fraction.length;
  if (Math.abs(exponent) > 400) throw new RangeError(`Exponent out of range: ${text}`);
  return exponent >= 0
    ? { num: digits * 10n ** BigInt(exponent), den: 1n }
    : { num: digits, den: 10n ** BigInt(-exponent) };
}

/** Rounds `num / den` to the nearest integer, halves away from zero (half-up on the magnitude). */
export function roundHalfUp(num: bigint, den: bigint): bigint {
  if (den === 0n) throw new RangeError('Division by zero');
  if (den < 0n) return roundHalfUp(-num, -den);
  const magnitude = num < 0n ? -num : num;
  const rounded = (2n * magnitude + den) / (2n * den);
  return num < 0n ? -rounded : rounded;
}

/** An amount computed as a BigInt, back as a number (RangeError beyond a safe integer). */
export function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Amount out of range: ${value}`);
  return result;
}

/** `cents` itself when it is a whole number of centavos (a safe integer), else RangeError. */
export function assertWholeCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of centavos: ${cents}`);
  return cents;
}

/**
 * Lempiras to integer centavos, exactly: the decimal text is read digit by digit. More than two
 * decimals are rounded half-up on the text (`'2.675'` gives 268), which also absorbs float noise
 * such as `0.1 + 0.2`.
 */
export function toCents(amount: number | string): number {
  const { num, den } = parseDecimal(amount);
  return toSafeNumber(roundHalfUp(num * 100n, den));
}

/** Integer centavos to lempiras: the nearest double to the two-decimal amount (41721 gives 417.21). */
export function fromCents(cents: number | bigint): number {
  return (typeof cents === 'bigint' ? toSafeNumber(cents) : assertWholeCents(cents)) / 100;
}

/** Rounds an amount half-up to the centavo, exactly (2.675 gives 2.68). */
export function roundMoney(amount: number | string): number {
  return fromCents(toCents(amount));
}

/** The exact sum of amounts in lempiras. */
export function sumMoney(amounts: readonly (number | string)[]): number {
  return fromCents(amounts.reduce<number>((total, amount) => total + toCents(amount), 0));
}

/** Centavos as `0,0.00`: thousands separated by commas, always two decimals (123450 gives 1,234.50). */
export function formatCents(cents: number): string {
  assertWholeCents(cents);
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100).toString();
  const fraction = (magnitude % 100).toString().padStart(2, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}${grouped}.${fraction}`;
}

/** The SPEC's money format `0,0.00` (1234.5 gives `1,234.50`). */
export function formatMoney(amount: number): string {
  return formatCents(toCents(amount));
}
