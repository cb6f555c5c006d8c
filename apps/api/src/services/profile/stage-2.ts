import { profileMessages } from '@prestamos-hn/contract';
import { BANK_ACCOUNT_EXISTS_MESSAGE, makeStage2Schema, toCents } from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeBorrowerAudit } from '../audit.ts';
import { assertProfileEditable, bumpRevision, loadProfileState } from '../borrower-profile.ts';
import type { Deps } from '../deps.ts';
import { today } from '../shared/dates.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { parseOrRefuse } from '../shared/validation.ts';
import { checkAccountWithLookup, setCurrentBankAccount } from './bank-account.ts';
import { assertBank, assertOption } from './reference-checks.ts';

/**
 * register2.php: registration stage 2 (bank, housing, income, marital status, work start), validated
 * with the domain's stage-2 schema and the server's option lists, saved once, with an audit row.
 */
export async function completeStage2(
  deps: Deps,
  borrowerId: number,
  input: Record<string, unknown>,
): Promise<{ message: string }> {
  const todayDate = today(deps);
  const form = parseOrRefuse(makeStage2Schema({ today: todayDate }), input);
  const bankCode = await assertBank(deps.db, form.bank, 'bank');
  await assertOption(deps.db, 'marital_status', form.marital_status, 'marital_status');
  await assertOption(deps.db, 'income_status', form.income_status, 'income_status');
  await assertOption(deps.db, 'home_status', form.home_status, 'home_status');
  const merchant = form.income_status === 'comerciante';
  if (merchant) await assertOption(deps.db, 'business_type', form.business_type, 'business_type');

  const before = await loadProfileState(deps.db, borrowerId);
  if (before.profile.stage2CompletedAt) throw new UserError(profileMessages.stage2AlreadyDone);
  assertProfileEditable(before.profile);
  const choice = { bankCode, accountNumber: form.account_number };
  await checkAccountWithLookup(deps, borrowerId, before.account, choice, 'account_number');

  try {
    await deps.db.transaction(async (tx) => {
      const state = await loadProfileState(tx, borrowerId, { forUpdate: true });
      if (state.profile.stage2CompletedAt) throw new UserError(profileMessages.stage2AlreadyDone);
      assertProfileEditable(state.profile);
      await setCurrentBankAccount(tx, borrowerId, state.account, choice, 'account_number');
      const now = deps.clock.now();
      const after = {
        maritalStatus: form.marital_status,
        incomeStatus: form.income_status,
        businessType: merchant ? form.business_type : '',
        homeStatus: form.home_status,
        dependents: form.dependents,
        incomeCents: toCents(form.income),
        workExperience: form.work_experience,
      };
      await tx
        .update(profiles)
        .set({ ...after, stage2CompletedAt: now, modified: todayDate, updatedAt: now, ...bumpRevision })
        .where(eq(profiles.borrowerId, borrowerId));
      await writeBorrowerAudit(deps, tx, borrowerId, {
        action: 'profile.stage2',
        before: null,
        after: { ...after, bank: bankCode, accountNumber: choice.accountNumber },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new UserError(BANK_ACCOUNT_EXISTS_MESSAGE, { field: 'account_number' });
    }
    throw error;
  }
  return { message: profileMessages.stage2Saved };
}
