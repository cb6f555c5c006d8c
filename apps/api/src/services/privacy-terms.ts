import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { documentTemplateVersions } from '../db/schema/index.ts';
import { UserError } from '../errors.ts';
import type { Deps } from './deps.ts';

/**
 * The privacy terms of the registration (issue 35 point 9): a template like the contract and the
 * promissory note (`document_template_versions`, kind 'privacy_terms'), seeded with the shipped
 * notice and edited by admins in 'Plantillas', each save the next version. register.php records the
 * version the borrower accepted.
 */
export const PRIVACY_TERMS_KIND = 'privacy_terms';

/** What the privacy terms may name: the brand (`BRAND_NAME`). */
export const PRIVACY_TERMS_PLACEHOLDERS = ['marca'] as const;

/** register.php with a version of the privacy terms that is no longer the current one. */
export const PRIVACY_TERMS_CHANGED_MESSAGE =
  'Actualizamos el aviso de privacidad. Léelo y acéptalo de nuevo para crear tu cuenta.';

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

/** The stored body as the borrower reads it: `{{marca}}` is the brand (escaped); others stay as written. */
export function renderPrivacyTerms(body: string, brand: string): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => (name === 'marca' ? escapeHtml(brand) : whole));
}

/** The current version's number, or null when none was seeded (a database the seed has not reached). */
export async function currentPrivacyTermsVersion(db: DbOrTx): Promise<number | null> {
  const [row] = await db
    .select({ version: documentTemplateVersions.version })
    .from(documentTemplateVersions)
    .where(eq(documentTemplateVersions.kind, PRIVACY_TERMS_KIND))
    .orderBy(desc(documentTemplateVersions.version))
    .limit(1);
  return row?.version ?? null;
}

/** getPrivacyTerms.php: the current version, its title and its HTML (sanitised when saved). */
export async function readPrivacyTerms(
  deps: Pick<Deps, 'db' | 'config'>,
): Promise<{ version: number; title: string; html: string }> {
  const [row] = await deps.db
    .select()
    .from(documentTemplateVersions)
    .where(eq(documentTemplateVersions.kind, PRIVACY_TERMS_KIND))
    .orderBy(desc(documentTemplateVersions.version))
    .limit(1);
  if (!row) throw new Error('no privacy_terms template: the seed did not run');
  return {
    version: row.version,
    title: row.title,
    html: renderPrivacyTerms(row.body, deps.config.brandName),
  };
}

/**
 * The version register.php records: the one the borrower read (`UsrPrivVer`), which must still be
 * the current one, else 'Actualizamos el aviso de privacidad…' and nothing is created. A client
 * that does not send it (the SPEC's payload has no such field) accepts the current one.
 */
export async function acceptedPrivacyTermsVersion(
  db: DbOrTx,
  sent: string | number | undefined,
): Promise<number | null> {
  const current = await currentPrivacyTermsVersion(db);
  if (sent === undefined || sent === '') return current;
  if (String(sent) !== String(current)) {
    throw new UserError(PRIVACY_TERMS_CHANGED_MESSAGE, { field: 'privacyTermsVersion' });
  }
  return current;
}
