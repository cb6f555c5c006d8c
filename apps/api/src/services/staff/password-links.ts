/**
 * Links e-mailed to a staff member to set a new password without the old one (issue 32 point 3).
 * Two moments send one:
 * - 'reset': an admin forced a reset. The old password stops working at once (whoever knew it is
 *   out), so the owner sets the new one through this link, valid 24 hours.
 * - 'unlock': wrong passwords from elsewhere started to slow the account's log-in down
 *   (login-backoff.ts). The owner is not locked out: this link, valid 1 hour, sets a new password and
 *   ends the waits and any lock, so they get in at once, CAPTCHA-free.
 * A link is single use; a new one retires the open ones. Using it ends every session of the account.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAccounts, staffPasswordLinks } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { clearLoginBackoff } from '../login-backoff.ts';
import { enqueueMessage } from '../outbox.ts';
import { refuseCommonPassword } from '../shared/common-passwords.ts';
import { hashLinkToken, isLinkTokenShape, newLinkToken } from '../shared/link-tokens.ts';
import { hashPassword } from '../shared/passwords.ts';
import { endAllStaffSessions } from './staff-sessions.ts';

export type StaffPasswordLinkReason = 'reset' | 'unlock';

export const STAFF_PASSWORD_LINK_TTL_MS: Readonly<Record<StaffPasswordLinkReason, number>> = {
  reset: 24 * 60 * 60_000,
  unlock: 60 * 60_000,
};

export const staffPasswordLinkMessages = {
  invalid:
    'Este enlace no es válido, ya se usó o venció. Pide a un administrador que restablezca tu contraseña.',
  passwordSet: 'Listo: guardamos tu nueva contraseña. Ya puedes ingresar con ella.',
} as const;

/**
 * The back-office's login page with the link's token (in the fragment: never sent to a server), on
 * the back-office's own origin when BACKOFFICE_ORIGIN is set (issue 32 point 8).
 */
export function staffPasswordLinkUrl(
  config: Pick<Deps['config'], 'publicUrl' | 'backoffice'>,
  token: string,
): string {
  return `${config.backoffice.origin ?? config.publicUrl}/backoffice/#/login?clave=${token}`;
}

const linkEmail = (brand: string, name: string, reason: StaffPasswordLinkReason, link: string) =>
  reason === 'reset'
    ? {
        subject: `Define tu nueva contraseña del back-office de ${brand}`,
        body: `Hola, ${name}:\n\nUn administrador restableció tu contraseña del back-office de ${brand}. Tu contraseña anterior ya no sirve.\n\nDefine una nueva con este enlace (vence en 24 horas y sirve una sola vez):\n\n${link}\n\nSi no esperabas este correo, avisa a un administrador.\n\n${brand}`,
      }
    : {
        subject: `Intentos de ingreso a tu cuenta del back-office de ${brand}`,
        body: `Hola, ${name}:\n\nAlguien intentó ingresar varias veces a tu cuenta del back-office con una contraseña incorrecta. Para protegerla, durante un tiempo pedimos esperar entre un intento y otro.\n\nSi eras tú y no puedes esperar, define una nueva contraseña con este enlace (vence en 1 hora) y podrás ingresar de inmediato:\n\n${link}\n\nSi no fuiste tú, avisa a un administrador.\n\n${brand}`,
      };

/**
 * Makes a link for the staff member and e-mails it through the outbox, in the caller's transaction;
 * the account's open links stop working.
 */
export async function sendStaffPasswordLink(
  deps: Pick<Deps, 'clock' | 'config'>,
  tx: DbOrTx,
  staff: { id: number; email: string; name: string },
  reason: StaffPasswordLinkReason,
): Promise<void> {
  const now = deps.clock.now();
  await tx
    .update(staffPasswordLinks)
    .set({ usedAt: now })
    .where(and(eq(staffPasswordLinks.staffId, staff.id), isNull(staffPasswordLinks.usedAt)));
  const { token, tokenHash } = newLinkToken();
  await tx.insert(staffPasswordLinks).values({
    staffId: staff.id,
    reason,
    tokenHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STAFF_PASSWORD_LINK_TTL_MS[reason]),
  });
  const mail = linkEmail(deps.config.brandName, staff.name, reason, staffPasswordLinkUrl(deps.config, token));
  await enqueueMessage(deps, tx, { channel: 'email', to: staff.email, ...mail });
}

/**
 * POST /api/backoffice/auth/password-link: a link's token and a new password (the staff rules: 10
 * characters or more, checked by the contract, and not a common one). In one transaction: the link
 * used (once, whoever comes second is refused), the password set, the forced reset, the wrong-password
 * count and any lock cleared, every session of the account ended; audited. Then the e-mail's
 * backoff is gone. A link that is unknown, used, expired or of a disabled account: one answer.
 */
export async function setStaffPasswordByLink(
  deps: Deps,
  input: { token: string; newPassword: string },
  client: { ip: string },
): Promise<{ message: string }> {
  const invalid = () => new UserError(staffPasswordLinkMessages.invalid, { field: 'token' });
  const token = input.token.trim();
  if (!isLinkTokenShape(token)) throw invalid();
  refuseCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const email = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [link] = await tx
      .update(staffPasswordLinks)
      .set({ usedAt: now })
      .where(and(eq(staffPasswordLinks.tokenHash, hashLinkToken(token)), isNull(staffPasswordLinks.usedAt)))
      .returning();
    if (!link || link.expiresAt.getTime() <= now.getTime()) return undefined;
    const [staff] = await tx
      .update(staffAccounts)
      .set({
        passwordHash,
        passwordChangeRequiredAt: null,
        failedLogins: 0,
        lockedUntil: null,
        updatedAt: now,
      })
      .where(and(eq(staffAccounts.id, link.staffId), isNull(staffAccounts.disabledAt)))
      .returning({ id: staffAccounts.id, email: staffAccounts.email });
    if (!staff) return undefined;
    const endedSessions = await endAllStaffSessions(deps, tx, staff.id, 'password_link');
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: staff.id },
      action: 'staff.password_link',
      entity: 'staff',
      entityId: staff.id,
      after: { reason: link.reason, ip: client.ip, endedSessions },
    });
    return staff.email;
  });
  if (email === undefined) throw invalid();
  await clearLoginBackoff(deps, 'staff', email);
  return { message: staffPasswordLinkMessages.passwordSet };
}
