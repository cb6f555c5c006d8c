import { profileMessages, type ProfileChanges } from '@prestamos-hn/contract';
import {
  addMonths,
  PHONE_CHANGE_INTERVAL_MONTHS,
  PHONE_IN_USE_MESSAGE,
  PROFILE_EDIT_GROUPS,
  profilePhoneNumberSchema,
  profilePhoneSchema,
  tegucigalpaDateTime,
} from '@prestamos-hn/domain';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { borrowers, profiles } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { sendSecurityNotice } from '../security-notices.ts';
import { writeBorrowerAudit } from '../audit.ts';
import {
  assertProfileEditable,
  bumpRevision,
  loadProfileState,
  type ProfileRow,
} from '../borrower-profile.ts';
import type { Deps } from '../deps.ts';
import { limitPasswordChecks } from '../rate-limits.ts';
import { accountPolicy } from '../shared/account-policy.ts';
import { today } from '../shared/dates.ts';
import { checkCode, sendCode } from '../one-time-codes.ts';
import { verifyPassword } from '../shared/passwords.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { parseOrRefuse } from '../shared/validation.ts';

/** The changes of putProfile.php that confirm a phone change (the new phone and its code); they come alone. */
export const PHONE_FIELDS = [...PROFILE_EDIT_GROUPS.phone.fields, 'code'] as const;

/**
 * At most one change every 6 months: refused with `fechaexp`, the first day ('YYYY-MM-DD', Honduras)
 * a change is possible again (the app adds '(hasta el <fechaexp>)').
 */
function assertPhoneChangeAllowed(profile: ProfileRow, todayDate: string): void {
  if (!profile.phoneChangedAt) return;
  const changedOn = tegucigalpaDateTime(profile.phoneChangedAt).date;
  const fechaexp = addMonths(changedOn, PHONE_CHANGE_INTERVAL_MONTHS);
  if (todayDate < fechaexp) throw new UserError(profileMessages.phoneChangeLocked, { fechaexp });
}

async function assertPhoneFree(db: DbOrTx, borrowerId: number, phone: string): Promise<void> {
  const [other] = await db
    .select({ id: borrowers.id })
    .from(borrowers)
    .where(and(eq(borrowers.mobPhone, phone), ne(borrowers.id, borrowerId)))
    .limit(1);
  if (other) throw new UserError(PHONE_IN_USE_MESSAGE, { field: 'mob_phone' });
}

/**
 * otp_upd.php: a code by SMS to the new phone, if the current password is right (the phone is the
 * second factor: a stolen session alone cannot move it), the profile is open and the 6 months have
 * passed. Password checks are limited per account (RATE_LIMIT_PASSWORD_CHECKS_PER_HOUR).
 */
export async function sendPhoneChangeCode(
  deps: Deps,
  borrowerId: number,
  input: { phone: string; currentPassword?: string },
  ip: string,
): Promise<{ message: string }> {
  const { phone } = parseOrRefuse(z.object({ phone: profilePhoneNumberSchema }), input);
  const currentPassword = input.currentPassword ?? '';
  if (currentPassword === '') {
    throw new UserError(profileMessages.currentPasswordForPhone, { field: 'currentPassword' });
  }
  await limitPasswordChecks(deps, borrowerId);
  const state = await loadProfileState(deps.db, borrowerId);
  if (!(await verifyPassword(state.borrower.passwordHash, currentPassword))) {
    throw new UserError(profileMessages.currentPasswordWrong, { field: 'currentPassword' });
  }
  assertProfileEditable(state.profile);
  assertPhoneChangeAllowed(state.profile, today(deps));
  if (state.borrower.mobPhone === phone)
    throw new UserError(profileMessages.phoneSameAsCurrent, { field: 'phone' });
  await assertPhoneFree(deps.db, borrowerId, phone);
  await deps.db.transaction(async (tx) => {
    await sendCode(deps, tx, {
      target: { purpose: 'phone_change', borrowerId, phone },
      channel: 'sms',
      resendLockMs: accountPolicy.registrationResendLockMs,
      ip,
      to: phone,
      message: (code) => ({ body: profileMessages.phoneChangeSms(deps.config.brandName, code) }),
    });
  });
  return { message: profileMessages.phoneCodeSent };
}

/**
 * putProfile.php with the new `mob_phone` and its `code`: the code sent to that phone by otp_upd.php
 * confirms the change. A wrong code counts a try (committed even though the change is refused). The
 * old phone and the e-mail are told of the change.
 */
export async function changePhoneWithCode(
  deps: Deps,
  borrowerId: number,
  changes: ProfileChanges,
): Promise<{ message: string }> {
  const extra = Object.keys(changes).find((k) => !(PHONE_FIELDS as readonly string[]).includes(k));
  if (extra) throw new UserError(profileMessages.fieldNotEditable(extra), { field: extra });
  const { mob_phone: phone, code } = parseOrRefuse(profilePhoneSchema, {
    mob_phone: changes.mob_phone,
    code: typeof changes.code === 'number' ? String(changes.code) : changes.code,
  });
  const todayDate = today(deps);
  const initial = await loadProfileState(deps.db, borrowerId);
  assertProfileEditable(initial.profile);
  assertPhoneChangeAllowed(initial.profile, todayDate);
  await assertPhoneFree(deps.db, borrowerId, phone);

  let outcome: { ok: true } | { ok: false; message: string };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const state = await loadProfileState(tx, borrowerId, { forUpdate: true });
      assertProfileEditable(state.profile);
      assertPhoneChangeAllowed(state.profile, todayDate);
      const check = await checkCode(deps, tx, { purpose: 'phone_change', borrowerId, phone }, code);
      if (!check.ok) return check;
      const now = deps.clock.now();
      await tx.update(borrowers).set({ mobPhone: phone }).where(eq(borrowers.id, borrowerId));
      await tx
        .update(profiles)
        .set({ phoneChangedAt: now, modified: todayDate, updatedAt: now, ...bumpRevision })
        .where(eq(profiles.borrowerId, borrowerId));
      await writeBorrowerAudit(deps, tx, borrowerId, {
        action: 'profile.update.phone',
        before: { mob_phone: state.borrower.mobPhone },
        after: { mob_phone: phone },
      });
      await sendSecurityNotice(deps, tx, {
        kind: 'phone',
        borrowerId,
        email: state.borrower.email,
        phoneBefore: state.borrower.mobPhone,
        newPhone: phone,
      });
      return check;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new UserError(PHONE_IN_USE_MESSAGE, { field: 'mob_phone' });
    throw error;
  }
  if (!outcome.ok) throw new UserError(outcome.message, { field: 'code' });
  return { message: profileMessages.phoneChanged };
}
