import { profileMessages, type ProfileChanges } from '@prestamos-hn/contract';
import {
  BANK_ACCOUNT_EXISTS_MESSAGE,
  hasCompleteReferences,
  isDependentsTypeEnabled,
  isProfileApproved,
  NO_DEPENDENTS_MESSAGE,
  PROFILE_EDIT_GROUP_IDS,
  PROFILE_EDIT_GROUPS,
  toCents,
  type IsoDate,
  type ProfileEditField,
  type ProfileEditGroup,
} from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { borrowers, profiles } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeBorrowerAudit } from '../audit.ts';
import {
  assertProfileEditable,
  bumpRevision,
  loadProfileState,
  toProfileData,
  type ProfileState,
} from '../borrower-profile.ts';
import type { Deps } from '../deps.ts';
import { today } from '../shared/dates.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { parseOrRefuse } from '../shared/validation.ts';
import { checkCode } from '../one-time-codes.ts';
import { sendSecurityNotice } from '../security-notices.ts';
import {
  assertBankAccountEditable,
  assertBankAccountUnlocked,
  bankAccountCodeTarget,
  bankNameOf,
  checkAccountWithLookup,
  checkCurrentPassword,
  sameAccount,
  setCurrentBankAccount,
  type BankAccountChoice,
} from './bank-account.ts';
import { changePhoneWithCode } from './phone-change.ts';
import { assertBank, assertOption, assertPlace } from './reference-checks.ts';

type ProfileColumns = Partial<typeof profiles.$inferInsert>;
type BorrowerColumns = Partial<typeof borrowers.$inferInsert>;

/** What one dialog's group of fields becomes once validated. */
interface GroupChange {
  profile?: ProfileColumns;
  borrower?: BorrowerColumns;
  bankAccount?: BankAccountChoice;
  /** The group's values after the change, for the audit row. */
  after: Record<string, unknown>;
}

interface GroupContext {
  db: DbOrTx;
  today: IsoDate;
  merged: Record<string, unknown>;
}

type EditableGroup = Exclude<ProfileEditGroup, 'phone'>;
type ParsedGroup<G extends ProfileEditGroup> = z.output<
  ReturnType<(typeof PROFILE_EDIT_GROUPS)[G]['schema']>
>;
type GroupColumns = Omit<GroupChange, 'after'>;

/**
 * What each dialog's group, once valid by its domain schema (PROFILE_EDIT_GROUPS), changes: after
 * the server's own checks (option lists, places, bank), the columns or the bank account. The phone
 * has its own way, through its code.
 */
const groupChanges: {
  [G in EditableGroup]: (parsed: ParsedGroup<G>, ctx: GroupContext) => Promise<GroupColumns> | GroupColumns;
} = {
  names: (v) => ({
    borrower: {
      firstName: v.realname,
      secondName: v.midname,
      firstSurname: v.surname,
      secondSurname: v.midname2,
    },
  }),
  workplace_position: (v) => ({ profile: { workplacePosition: v.workplace_position } }),
  income: (v) => ({ profile: { incomeCents: toCents(v.income) } }),
  income_type: async (v, { db }) => {
    await assertOption(db, 'income_status', v.income_status, 'income_status');
    const merchant = v.income_status === 'comerciante';
    if (merchant) await assertOption(db, 'business_type', v.business_type, 'business_type');
    return { profile: { incomeStatus: v.income_status, businessType: merchant ? v.business_type : '' } };
  },
  marital_status: async (v, { db }) => {
    await assertOption(db, 'marital_status', v.marital_status, 'marital_status');
    return { profile: { maritalStatus: v.marital_status } };
  },
  residence_address: async (v, { db }) => {
    await assertPlace(db, v, { region: 'region', county: 'county', city: 'city' });
    return {
      profile: {
        region: v.region,
        county: v.county,
        city: v.city,
        house: v.house,
        addressReference: v.address_referece,
      },
    };
  },
  work_address: async (v, { db }) => {
    await assertPlace(
      db,
      { region: v.work_region, county: v.work_county, city: v.work_city },
      { region: 'work_region', county: 'work_county', city: 'work_city' },
    );
    return {
      profile: {
        workRegion: v.work_region,
        workCounty: v.work_county,
        workCity: v.work_city,
        workplaceAddress: v.workplace_address,
      },
    };
  },
  home_status: async (v, { db }) => {
    await assertOption(db, 'home_status', v.home_status, 'home_status');
    return { profile: { homeStatus: v.home_status } };
  },
  workplace: (v) => ({ profile: { workplace: v.workplace } }),
  dependents: (v) => ({ profile: { dependents: v.dependents } }),
  dependents_who: (v, { merged }) => {
    if (!isDependentsTypeEnabled(merged.dependents as number | null)) {
      throw new UserError(NO_DEPENDENTS_MESSAGE, { field: 'dependents_who' });
    }
    return { profile: { dependentsWho: v.dependents_who } };
  },
  education: async (v, { db }) => {
    await assertOption(db, 'education', v.education, 'education');
    return { profile: { education: v.education } };
  },
  work_experience: (v) => ({ profile: { workExperience: v.work_experience } }),
  references: (v) => ({
    profile: {
      refTipoPer: v.ref_tipo_per,
      refNomPer: v.ref_nom_per,
      refTelPer: v.ref_tel_per,
      refCorreoPer: v.ref_correo_per,
      refTipoLab: v.ref_tipo_lab,
      refNomLab: v.ref_nom_lab,
      refTelLab: v.ref_tel_lab,
      refCorreoLab: v.ref_correo_lab,
    },
  }),
  bank_account: async (v, { db }) => ({
    bankAccount: { bankCode: await assertBank(db, v.bank, 'bank'), accountNumber: v.account_number },
  }),
};

interface FieldGroup {
  name: EditableGroup;
  keys: readonly ProfileEditField[];
  apply(ctx: GroupContext, values: Record<string, unknown>): Promise<GroupChange>;
}

/** The groups in PROFILE_EDIT_GROUPS' order: when several are invalid, the first one answers. */
const fieldGroups: FieldGroup[] = PROFILE_EDIT_GROUP_IDS.filter(
  (id): id is EditableGroup => id !== 'phone',
).map((name) => ({
  name,
  keys: PROFILE_EDIT_GROUPS[name].fields,
  async apply(ctx, values) {
    const parsed = parseOrRefuse(PROFILE_EDIT_GROUPS[name].schema({ today: ctx.today }), values);
    const toChange = groupChanges[name] as (
      parsed: unknown,
      ctx: GroupContext,
    ) => Promise<GroupColumns> | GroupColumns;
    return { ...(await toChange(parsed, ctx)), after: parsed as Record<string, unknown> };
  },
}));

/** What confirms a bank-account change (issue 31): not fields of any group. */
const CONFIRMATION_KEYS: readonly string[] = ['code', 'currentPassword'];

/** The groups the changes touch (the contract already refused keys that are not editable). */
function touchedGroups(keys: string[]): FieldGroup[] {
  const fields = keys.filter((k) => !CONFIRMATION_KEYS.includes(k));
  if (fields.length === 0) throw new UserError(profileMessages.emptyChanges);
  return fieldGroups.filter((g) => g.keys.some((k) => fields.includes(k)));
}

const textOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).trim();

/**
 * The profile lock for these groups. An approved profile is locked (SPEC section 3), except:
 * - its bank account: the loan request's step 2 confirms or changes the account the loan is paid
 *   into (SPEC section 2), so a change of the bank account alone goes on to its existence check;
 * - its references while they are incomplete: Inicio's references modal (SPEC section 4) asks an
 *   approved borrower without them for exactly the eight reference fields, and saves them.
 * A profile waiting for review is editable (SPEC section 4: status '0').
 */
function assertGroupsEditable(state: ProfileState, groups: FieldGroup[]): void {
  const only = (name: EditableGroup) => groups.every((g) => g.name === name);
  if (only('bank_account')) assertBankAccountEditable(state.profile);
  else if (only('references') && isProfileApproved(state.profile.status)) {
    if (hasCompleteReferences(toProfileData(state))) throw new UserError(profileMessages.profileLocked);
  } else assertProfileEditable(state.profile);
}

/**
 * putProfile.php: `changes` holds the changed fields of one dialog (or several). Each touched group
 * is validated whole (unchanged fields of the group are taken from the profile) with its domain
 * schema and the server's lists; nothing is saved unless every group is valid. One transaction, one
 * audit row per group. The phone goes through its code.
 *
 * A new bank account (issue 31) is refused while a loan request is 0, 1 or 5 (first, so that the
 * refusal says why), and, when it replaces an account on file, needs the current password and the
 * code sendBankAccountCode.php sent for that very account (`currentPassword`, `code`). The first
 * account (none on file: nothing to protect yet) needs neither, as stage 2 of the registration.
 * The loan lock and the code are checked again inside the transaction, after the profile row is
 * locked (a loan request locks it too): a wrong code counts a try, committed though the change is
 * refused. The borrower is told in the app, by SMS to the account's phone and by e-mail.
 */
export async function updateProfile(
  deps: Deps,
  borrowerId: number,
  changes: ProfileChanges,
): Promise<{ message: string }> {
  const keys = Object.keys(changes);
  if (keys.includes('mob_phone')) return changePhoneWithCode(deps, borrowerId, changes);
  const groups = touchedGroups(keys);
  const todayDate = today(deps);

  const initial = await loadProfileState(deps.db, borrowerId);
  assertGroupsEditable(initial, groups);
  const current: Record<string, unknown> = toProfileData(initial);
  const merged: Record<string, unknown> = { ...current, ...changes };
  const validated: { group: FieldGroup; change: GroupChange }[] = [];
  for (const g of groups) {
    const values = Object.fromEntries(g.keys.map((k) => [k, merged[k]]));
    validated.push({ group: g, change: await g.apply({ db: deps.db, today: todayDate, merged }, values) });
  }
  const found = validated.find((c) => c.change.bankAccount)?.change.bankAccount;
  // Saving the account on file again changes nothing: no lock, no code.
  const bankChange = found && !sameAccount(initial.account, found) ? found : undefined;
  const code = textOf(changes.code);
  const needsCode = bankChange !== undefined && initial.account !== undefined;
  if (bankChange) await assertBankAccountUnlocked(deps.db, borrowerId);
  if (needsCode) {
    await checkCurrentPassword(
      deps,
      borrowerId,
      initial.borrower.passwordHash,
      textOf(changes.currentPassword),
    );
    if (code === '') throw new UserError(profileMessages.bankAccountCodeRequired, { field: 'code' });
  }
  if (bankChange)
    await checkAccountWithLookup(deps, borrowerId, initial.account, bankChange, 'account_number');

  let outcome: { ok: true } | { ok: false; message: string };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const state = await loadProfileState(tx, borrowerId, { forUpdate: true });
      assertGroupsEditable(state, groups);
      const movesAccount = bankChange !== undefined && !sameAccount(state.account, bankChange);
      if (movesAccount) await assertBankAccountUnlocked(tx, borrowerId);
      if (movesAccount && state.account) {
        if (code === '') throw new UserError(profileMessages.bankAccountCodeRequired, { field: 'code' });
        const check = await checkCode(deps, tx, bankAccountCodeTarget(borrowerId, bankChange), code);
        if (!check.ok) return check;
      }
      const before: Record<string, unknown> = toProfileData(state);
      const now = deps.clock.now();
      let profileSet: ProfileColumns = {};
      let borrowerSet: BorrowerColumns = {};
      for (const { group: g, change } of validated) {
        profileSet = { ...profileSet, ...change.profile };
        borrowerSet = { ...borrowerSet, ...change.borrower };
        if (change.bankAccount) {
          await setCurrentBankAccount(tx, borrowerId, state.account, change.bankAccount, 'account_number');
        }
        await writeBorrowerAudit(deps, tx, borrowerId, {
          action: `profile.update.${g.name}`,
          before: Object.fromEntries(g.keys.map((k) => [k, before[k]])),
          after: change.after,
        });
      }
      if (Object.keys(borrowerSet).length > 0) {
        await tx.update(borrowers).set(borrowerSet).where(eq(borrowers.id, borrowerId));
      }
      await tx
        .update(profiles)
        .set({ ...profileSet, modified: todayDate, updatedAt: now, ...bumpRevision })
        .where(eq(profiles.borrowerId, borrowerId));
      // An account replaced (not the first one): told as a phone change is.
      if (movesAccount && state.account) {
        await sendSecurityNotice(deps, tx, {
          kind: 'bank_account',
          borrowerId,
          email: state.borrower.email,
          phoneBefore: state.borrower.mobPhone,
          bankName: await bankNameOf(tx, bankChange.bankCode),
          accountNumber: bankChange.accountNumber,
        });
      }
      return { ok: true } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new UserError(BANK_ACCOUNT_EXISTS_MESSAGE, { field: 'account_number' });
    throw error;
  }
  if (!outcome.ok) throw new UserError(outcome.message, { field: 'code' });
  return { message: needsCode ? profileMessages.bankAccountChanged : profileMessages.saved };
}
