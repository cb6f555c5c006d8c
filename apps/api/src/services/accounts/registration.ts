import {
  EMAIL_IN_USE_MESSAGE,
  ID_IN_USE_MESSAGE,
  IDENTITY_CHECK_ERROR_MESSAGE,
  IDENTITY_NOT_FOUND_MESSAGE,
  MINIMUM_AGE_YEARS,
  PHONE_IN_USE_MESSAGE,
  SMS_CODE_LENGTH,
  UNDERAGE_MESSAGE,
  ageInYears,
  exactCodeSchema,
  identityNumberSchema,
  makeRegistrationSchema,
  mobilePhoneSchema,
  registrationCensusMismatches,
} from '@prestamos-hn/domain';
import type { AccountSummary, ConflictField } from '@prestamos-hn/contract';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { borrowers, phoneVerifications } from '../../db/schema/index.ts';
import { ConflictError, UserError } from '../../errors.ts';
import { isCensusFound } from '../../integrations/index.ts';
import { writeBorrowerAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { createSession } from '../sessions.ts';
import { accountPolicy } from '../shared/account-policy.ts';
import { today } from '../shared/dates.ts';
import { checkCode, sendCode } from '../one-time-codes.ts';
import { hashPassword } from '../shared/passwords.ts';
import { refuseCommonPassword } from '../shared/common-passwords.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { ceilingMessages, checkCeiling, countCeiling } from '../ceilings.ts';
import { parseOrRefuse } from '../shared/validation.ts';
import { sendValidationEmail } from './email-validation.ts';
import { acceptedPrivacyTermsVersion } from '../privacy-terms.ts';
import {
  ACCOUNT_CREATED_MESSAGE,
  PHONE_CONFIRMED_MESSAGE,
  PHONE_NOT_CONFIRMED_MESSAGE,
  REGISTRATION_CODE_SENT_MESSAGE,
  censusMismatchMessage,
  registrationCodeSms,
} from './messages.ts';
import { toAccountSummary } from './summary.ts';

const phoneSchema = z.object({ phone: mobilePhoneSchema });
const phoneCodeSchema = z.object({ phone: mobilePhoneSchema, code: exactCodeSchema(SMS_CODE_LENGTH) });

/**
 * otp_cre.php: the registration code, by SMS, to any phone, whether an account uses it or not: the
 * answer never tells who is a customer (docs/security.md, issue 15 point 6). A phone that already
 * has an account hears so from register.php, once its owner proved it with the code.
 */
export async function sendRegistrationCode(
  deps: Deps,
  input: { phone: string },
  ip: string,
): Promise<{ message: string }> {
  const { phone } = parseOrRefuse(phoneSchema, input);
  // The global hourly ceiling (issue 32 point 2): a botnet that spreads over many addresses and
  // phones still cannot pump more than this many SMS in an hour. Only a queued SMS counts.
  const ceiling = await checkCeiling(deps, 'registrationSms');
  if (!ceiling.ok) throw new UserError(ceilingMessages.registrationSms(ceiling.minutes));
  await deps.db.transaction(async (tx) => {
    await sendCode(deps, tx, {
      target: { purpose: 'registration', phone },
      channel: 'sms',
      resendLockMs: accountPolicy.registrationResendLockMs,
      ip,
      to: phone,
      message: (code) => ({ body: registrationCodeSms(deps.config.brandName, code) }),
    });
  });
  await countCeiling(deps, 'registrationSms');
  return { message: REGISTRATION_CODE_SENT_MESSAGE };
}

/** otp_cmp.php: a right code marks the phone confirmed for a registration in the next 30 minutes. */
export async function confirmRegistrationCode(
  deps: Deps,
  input: { phone: string; code: string },
): Promise<{ message: string }> {
  const { phone, code } = parseOrRefuse(phoneCodeSchema, input);
  const outcome = await deps.db.transaction(async (tx) => {
    const check = await checkCode(deps, tx, { purpose: 'registration', phone }, code);
    if (check.ok) {
      const now = deps.clock.now();
      await tx.insert(phoneVerifications).values({
        phone,
        verifiedAt: now,
        expiresAt: new Date(now.getTime() + accountPolicy.phoneVerificationTtlMs),
      });
    }
    return check;
  });
  if (!outcome.ok) throw new UserError(outcome.message, { field: 'code' });
  return { message: PHONE_CONFIRMED_MESSAGE };
}

/** The newest unused, unexpired confirmation of `phone` (otp_cmp.php), if any. */
async function liveVerification(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  phone: string,
  opts: { forUpdate?: boolean } = {},
): Promise<{ id: number } | undefined> {
  const query = db
    .select({ id: phoneVerifications.id })
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phone, phone),
        isNull(phoneVerifications.consumedAt),
        gt(phoneVerifications.expiresAt, deps.clock.now()),
      ),
    )
    .orderBy(desc(phoneVerifications.id))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

const conflictMessages: Record<ConflictField, string> = {
  email: EMAIL_IN_USE_MESSAGE,
  person_code: ID_IN_USE_MESSAGE,
  mob_phone: PHONE_IN_USE_MESSAGE,
};

/** Which of e-mail, identity number and phone another account already has. */
async function findConflicts(
  db: DbOrTx,
  data: { personCode: string; email: string; phone: string },
): Promise<ConflictField[]> {
  const rows = await db
    .select({ personCode: borrowers.personCode, email: borrowers.email, mobPhone: borrowers.mobPhone })
    .from(borrowers)
    .where(
      or(
        eq(borrowers.personCode, data.personCode),
        eq(sql`lower(${borrowers.email})`, data.email),
        eq(borrowers.mobPhone, data.phone),
      ),
    );
  const fields: ConflictField[] = [];
  if (rows.some((r) => r.email.toLowerCase() === data.email)) fields.push('email');
  if (rows.some((r) => r.personCode === data.personCode)) fields.push('person_code');
  if (rows.some((r) => r.mobPhone === data.phone)) fields.push('mob_phone');
  return fields;
}

function conflictError(fields: ConflictField[]): ConflictError {
  return new ConflictError(
    conflictMessages[fields[0]!],
    Object.fromEntries(fields.map((f) => [f, conflictMessages[f]])),
  );
}

/**
 * register.php: repeats every rule of the form and the census match on the server, needs the phone
 * confirmed by its code, and creates the account, its e-mail validation link and an active session
 * in one transaction (the phone was proven moments before, so no login code is asked).
 */
export async function registerBorrower(
  deps: Deps,
  input: Record<string, string | number | undefined>,
  client: { ip: string; userAgent?: string },
): Promise<{ message: string; sid: string; data: AccountSummary }> {
  const todayDate = today(deps);

  const { identityNumber } = parseOrRefuse(z.object({ identityNumber: identityNumberSchema }), input);
  const lookup = await deps.integrations.census.lookup(identityNumber);
  if (lookup.status === 'not_found') {
    throw new UserError(IDENTITY_NOT_FOUND_MESSAGE, { field: 'identityNumber' });
  }
  if (!isCensusFound(lookup)) {
    deps.log.warn({ status: lookup.status }, 'census registry answered an error status on register');
    throw new UserError(IDENTITY_CHECK_ERROR_MESSAGE, { field: 'identityNumber' });
  }
  const census = lookup.record;
  if (ageInYears(census.FECHA_NACIMIENTO.slice(0, 10), todayDate) < MINIMUM_AGE_YEARS) {
    throw new UserError(UNDERAGE_MESSAGE, { field: 'identityNumber' });
  }
  const form = parseOrRefuse(makeRegistrationSchema({ today: todayDate, census }), input);
  const mismatches = registrationCensusMismatches(form, census);
  if (mismatches.length > 0) throw new UserError(censusMismatchMessage(mismatches), { mismatches });

  const data = { personCode: form.identityNumber, email: form.email, phone: form.phone };
  // Who is already a customer (e-mail, identity number, phone) is told only to whoever proved this
  // phone with its code (docs/security.md, issue 15 point 6); the transaction checks it again.
  if (!(await liveVerification(deps, deps.db, data.phone))) {
    throw new UserError(PHONE_NOT_CONFIRMED_MESSAGE, { field: 'phone' });
  }
  const conflicts = await findConflicts(deps.db, data);
  if (conflicts.length > 0) throw conflictError(conflicts);

  // The privacy terms read must still be the current ones (issue 35 point 9).
  const privacyTermsVersion = await acceptedPrivacyTermsVersion(deps.db, input.privacyTermsVersion);
  refuseCommonPassword(form.password, 'password');
  const passwordHash = await hashPassword(form.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const verification = await liveVerification(deps, tx, data.phone, { forUpdate: true });
      if (!verification) throw new UserError(PHONE_NOT_CONFIRMED_MESSAGE, { field: 'phone' });

      const [borrower] = await tx
        .insert(borrowers)
        .values({
          personCode: data.personCode,
          email: data.email,
          mobPhone: data.phone,
          firstName: form.firstName,
          secondName: form.secondName,
          firstSurname: form.firstSurname,
          secondSurname: form.secondSurname,
          gender: form.gender,
          birthday: form.birthDate,
          passwordHash,
          privacyTermsVersion,
          privacyTermsAcceptedAt: privacyTermsVersion === null ? null : now,
          createdAt: now,
        })
        .returning();
      await tx
        .update(phoneVerifications)
        .set({ consumedAt: now, consumedByBorrowerId: borrower!.id })
        .where(eq(phoneVerifications.id, verification.id));
      await writeBorrowerAudit(deps, tx, borrower!.id, {
        action: 'register',
        after: {
          person_code: data.personCode,
          email: data.email,
          mob_phone: data.phone,
          privacy_terms_version: privacyTermsVersion,
        },
      });

      await sendValidationEmail(deps, tx, {
        borrowerId: borrower!.id,
        email: data.email,
        firstName: form.firstName,
      });

      const { sid } = await createSession(
        deps,
        { borrowerId: borrower!.id, state: 'active', ip: client.ip, userAgent: client.userAgent },
        tx,
      );
      return { message: ACCOUNT_CREATED_MESSAGE, sid, data: toAccountSummary(borrower!) };
    });
  } catch (error) {
    // Two sign-ups at once: the database's unique indexes decide, and the loser hears which field.
    if (isUniqueViolation(error)) {
      const raced = await findConflicts(deps.db, data);
      if (raced.length > 0) throw conflictError(raced);
    }
    throw error;
  }
}
