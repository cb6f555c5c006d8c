import { and, sql, type SQL } from 'drizzle-orm';
import { borrowers } from '../../db/schema/index.ts';

// How staff find and name a borrower: the register (review) and the loan desk (loans) alike.

/** Lower case without accents, as staff searches compare and the register sorts. */
export const fold = (value: SQL | string) => sql`translate(lower(${value}), 'áéíóúüñ', 'aeiouun')`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A borrower's name as staff lists show it: the names in order, an empty second name left out. */
export const fullName = sql<string>`concat_ws(' ', ${borrowers.firstName}, nullif(${borrowers.secondName}, ''), ${borrowers.firstSurname}, nullif(${borrowers.secondSurname}, ''))`;

/**
 * The server-side search: digits search the identity number and the phone, text with '@' the
 * e-mail, other text the full name; case and accents are ignored, every word must match.
 */
export function searchWhere(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) {
    const like = `%${escapeLike(digits)}%`;
    return sql`(${borrowers.personCode} like ${like} or ${borrowers.mobPhone} like ${like})`;
  }
  if (text.includes('@')) return sql`lower(${borrowers.email}) like ${`%${escapeLike(text.toLowerCase())}%`}`;
  const words = text.split(/\s+/).filter(Boolean).slice(0, 6);
  return and(...words.map((w) => sql`${fold(fullName)} like ${fold(`%${escapeLike(w)}%`)}`));
}
