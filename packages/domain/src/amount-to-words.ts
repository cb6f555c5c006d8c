import { assertWholeCents, toCents } from './money.ts';

/** The largest amount that can be spelled: 999,999,999.99. */
export const AMOUNT_TO_WORDS_MAX_CENTS = 99_999_999_999;

const UNITS = [
  '',
  'Uno',
  'Dos',
  'Tres',
  'Cuatro',
  'Cinco',
  'Seis',
  'Siete',
  'Ocho',
  'Nueve',
  'Diez',
  'Once',
  'Doce',
  'Trece',
  'Catorce',
  'Quince',
  'Dieciséis',
  'Diecisiete',
  'Dieciocho',
  'Diecinueve',
  'Veinte',
  'Veintiuno',
  'Veintidós',
  'Veintitrés',
  'Veinticuatro',
  'Veinticinco',
  'Veintiséis',
  'Veintisiete',
  'Veintiocho',
  'Veintinueve',
];
const TENS = ['', '', '', 'Treinta', 'Cuarenta', 'Cincuenta', 'Sesenta', 'Setenta', 'Ochenta', 'Noventa'];
const HUNDREDS = [
  '',
  'Ciento',
  'Doscientos',
  'Trescientos',
  'Cuatrocientos',
  'Quinientos',
  'Seiscientos',
  'Setecientos',
  'Ochocientos',
  'Novecientos',
];

/** 1 to 99, with `uno` shortened before a noun (apocope): `Un`, `Veintiún`, `Treinta y Un`. */
function spellTens(n: number): string {
  if (n < 30) {
    if (n === 1) return 'Un';
    if (n === 21) return 'Veintiún';
    return UNITS[n] ?? '';
  }
  const ten = TENS[Math.floor(n / 10)] ?? '';
  const unit = n % 10;
  return unit === 0 ? ten : `${ten} y ${spellTens(unit)}`;
}

/** 1 to 999, always followed by a noun (`Lempiras`, `Mil` or `Millones`). */
function spellHundreds(n: number): string {
  if (n === 100) return 'Cien';
  const hundred = HUNDREDS[Math.floor(n / 100)] ?? '';
  const rest = n % 100;
  if (rest === 0) return hundred;
  return hundred ? `${hundred} ${spellTens(rest)}` : spellTens(rest);
}

/** The integer part in words, 0 to 999,999,999. */
function spellInteger(n: number): string {
  if (n === 0) return 'Cero';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const units = n % 1000;
  const parts: string[] = [];
  if (millions === 1) parts.push('Un Millón');
  else if (millions > 1) parts.push(`${spellHundreds(millions)} Millones`);
  if (thousands === 1) parts.push('Mil');
  else if (thousands > 1) parts.push(`${spellHundreds(thousands)} Mil`);
  if (units > 0) parts.push(spellHundreds(units));
  // Whole millions take `de` before the noun: `Un Millón de Lempiras`.
  if (millions > 0 && thousands === 0 && units === 0) parts.push('de');
  return parts.join(' ');
}

/**
 * An amount spelled in lempiras as the documents write it, the centavos as two digits over 100:
 * 1000 gives `Mil Lempiras con 00/100`, 1 gives `Un Lempira con 00/100`, 1234567.89 gives
 * `Un Millón Doscientos Treinta y Cuatro Mil Quinientos Sesenta y Siete Lempiras con 89/100`.
 * SPEC section 1 spells pesos with `M.N.` (a legacy trace); the loan is in lempiras, so the contract
 * and the promissory note say so (decision 014, point 8).
 */
export function amountToWords(amount: number | string): string {
  let cents: number;
  try {
    cents = toCents(amount);
  } catch (error) {
    throw new RangeError(`Cannot spell ${JSON.stringify(amount)}: ${(error as Error).message}`);
  }
  return spellCents(cents, amount);
}

/** `amountToWords` of an amount in centavos (125163 gives `Mil Doscientos Cincuenta y Un Lempiras con 63/100`). */
export function centsToWords(cents: number): string {
  return spellCents(assertWholeCents(cents), cents / 100);
}

function spellCents(cents: number, shown: number | string): string {
  if (cents < 0 || cents > AMOUNT_TO_WORDS_MAX_CENTS) {
    throw new RangeError(`Amount out of range 0 to 999,999,999.99: ${shown}`);
  }
  const integer = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  const noun = integer === 1 ? 'Lempira' : 'Lempiras';
  return `${spellInteger(integer)} ${noun} con ${fraction}/100`;
}
