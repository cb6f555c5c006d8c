import type { BankAccountItem, PayloadOf, ProfileFile } from '@prestamos-hn/contract';
import {
  COMPLETE_STATUS,
  EMAIL_PENDING_STATUS,
  FILE_TYPES,
  type ProfileCompletenessInput,
} from '@prestamos-hn/domain';
import { asc, eq } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/index.ts';
import {
  classificationOf,
  datasendOf,
  documentName,
  loadProfileState,
  profileStateRead,
  toProfileData,
  type FileRow,
  type ProfileState,
} from '../borrower-profile.ts';
import type { Deps } from '../deps.ts';
import { resolveSessionWith } from '../sessions.ts';
import { signedFileUrl } from '../shared/file-urls.ts';

/** What the completeness rule of SPEC section 4 reads, from the stored state (never from the client). */
export function completenessInput(state: ProfileState): ProfileCompletenessInput {
  return toProfileData(state);
}

function toProfileFile(deps: Pick<Deps, 'config' | 'clock'>, file: FileRow): ProfileFile {
  return {
    type: file.type,
    dir: file.type === FILE_TYPES.selfie ? signedFileUrl(deps, file.id) : documentName(file),
  };
}

export function profileFilesOf(deps: Pick<Deps, 'config' | 'clock'>, state: ProfileState): ProfileFile[] {
  return state.files.map((file) => toProfileFile(deps, file));
}

/** getProfile.php: the caller's own profile, documents (the selfie as a signed URL), csas, datasend, MailEst. */
export async function getProfile(deps: Deps, borrowerId: number): Promise<PayloadOf<'getProfile'>> {
  return profileAnswer(deps, await loadProfileState(deps.db, borrowerId));
}

/**
 * getProfile.php with its session check in the same statement (resolveSessionWith): one round trip
 * for a borrower who has a profile row (every one after their first profile call).
 */
export async function getOwnProfile(deps: Deps, sid: unknown): Promise<PayloadOf<'getProfile'>> {
  const { session, value } = await resolveSessionWith(deps, sid, profileStateRead);
  return value ? profileAnswer(deps, value) : getProfile(deps, session.borrowerId);
}

function profileAnswer(deps: Deps, state: ProfileState): PayloadOf<'getProfile'> {
  return {
    data: toProfileData(state),
    files: profileFilesOf(deps, state),
    csas: classificationOf(state.profile),
    datasend: datasendOf(state.profile),
    MailEst: state.borrower.emailConfirmedAt ? COMPLETE_STATUS : EMAIL_PENDING_STATUS,
  };
}

/** getCSAS.php. */
export async function getClassification(deps: Deps, borrowerId: number): Promise<{ csas: string }> {
  const state = await loadProfileState(deps.db, borrowerId);
  return { csas: classificationOf(state.profile) };
}

/** get_bankaccount.php: the caller's accounts, newest first, the current one marked '1'. */
export async function listBankAccounts(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
): Promise<BankAccountItem[]> {
  const rows = await deps.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.borrowerId, borrowerId))
    .orderBy(asc(bankAccounts.id));
  return rows.reverse().map((row) => ({
    account_number: row.accountNumber,
    bank: String(row.bankCode),
    current: row.current ? '1' : '0',
  }));
}
