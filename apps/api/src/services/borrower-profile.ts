/**
 * One borrower's profile as every area reads it: the rows (`loadProfileState`), getProfile's shape
 * (`toProfileData`), the classification and the sent-for-review mark, and the lock on changes. The
 * borrower's own calls (profile/) and the back-office's borrower file (review/) both read it here.
 */
import { profileMessages, type ProfileData } from '@prestamos-hn/contract';
import {
  COMPLETE_STATUS,
  FILE_TYPES,
  fromCents,
  isProfileApproved,
  REFERENCE_FIELDS,
  tegucigalpaDateTime,
} from '@prestamos-hn/domain';
import { and, asc, eq, getTableColumns, getTableName, isNull, sql, type Table } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { bankAccounts, borrowerFiles, borrowers, profiles, type SentSnapshot } from '../db/schema/index.ts';
import { UserError } from '../errors.ts';
import type { SessionRead } from './sessions.ts';

export type BorrowerRow = typeof borrowers.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type FileRow = typeof borrowerFiles.$inferSelect;

/** Everything the profile calls read about one borrower. */
export interface ProfileState {
  borrower: BorrowerRow;
  profile: ProfileRow;
  account: BankAccountRow | undefined;
  /** The current (not replaced) file of each type. */
  files: FileRow[];
}

/** The document name of each type, as `file1`..`file4` and `files[].dir` show it. */
export const documentNames: Record<number, string> = {
  [FILE_TYPES.frontId]: 'identidad-frente',
  [FILE_TYPES.backId]: 'identidad-reverso',
  [FILE_TYPES.utilityBill]: 'recibo-servicio-publico',
  [FILE_TYPES.selfie]: 'selfie',
};

const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export function documentName(file: Pick<FileRow, 'type' | 'contentType'>): string {
  return `${documentNames[file.type] ?? 'documento'}.${extensions[file.contentType] ?? 'bin'}`;
}

/** Makes the profile row if the borrower has none yet (every borrower has one from their first profile call). */
export async function ensureProfile(db: DbOrTx, borrowerId: number): Promise<void> {
  await db.insert(profiles).values({ borrowerId }).onConflictDoNothing();
}

/**
 * Reads the caller's borrower, profile, current account and current files. With `forUpdate`
 * (inside a transaction) the profile row is locked, so two changes of one borrower run one after
 * the other and the lock checks cannot be raced.
 */
export async function loadProfileState(
  db: DbOrTx,
  borrowerId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<ProfileState> {
  await ensureProfile(db, borrowerId);
  const profileQuery = db.select().from(profiles).where(eq(profiles.borrowerId, borrowerId)).limit(1);
  const [profile] = opts.forUpdate ? await profileQuery.for('update') : await profileQuery;
  const [borrower] = await db.select().from(borrowers).where(eq(borrowers.id, borrowerId)).limit(1);
  if (!borrower || !profile) throw new Error(`session of a missing borrower ${borrowerId}`);
  const [account] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.borrowerId, borrowerId), eq(bankAccounts.current, true)))
    .limit(1);
  const files = await db
    .select()
    .from(borrowerFiles)
    .where(and(eq(borrowerFiles.borrowerId, borrowerId), isNull(borrowerFiles.replacedAt)))
    .orderBy(asc(borrowerFiles.type));
  return { borrower, profile, account, files };
}

/** A row as `row_to_json` gives it (snake_case names, timestamps as text), typed as a select gives it. */
function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

const jsonOf = (table: Table, where: string, order = '') =>
  sql.raw(`select row_to_json(t) from ${getTableName(table)} t where ${where}${order} limit 1`);

/**
 * loadProfileState as the read of the session's own statement (resolveSessionWith), for
 * getProfile.php, made on each load of /perfil: the four reads as subqueries of one statement. Null
 * when the borrower has no profile row yet (the caller then makes it, ensureProfile).
 */
export const profileStateRead: SessionRead<ProfileState | null> = {
  name: 'session_profile_state',
  value: sql`json_build_object(
    'borrower', (${jsonOf(borrowers, 't.id = "sessions"."borrower_id"')}),
    'profile', (${jsonOf(profiles, 't.borrower_id = "sessions"."borrower_id"')}),
    'account', (${jsonOf(bankAccounts, 't.borrower_id = "sessions"."borrower_id" and t.current')}),
    'files', (select coalesce(json_agg(row_to_json(t) order by t.type), '[]'::json) from ${sql.raw(getTableName(borrowerFiles))} t where t.borrower_id = "sessions"."borrower_id" and t.replaced_at is null)
  )`.mapWith((json: Record<string, unknown>): ProfileState | null => {
    const raw = typeof json === 'string' ? (JSON.parse(json) as Record<string, unknown>) : json;
    if (!raw.borrower || !raw.profile) return null;
    return {
      borrower: rowFromJson(borrowers, raw.borrower as Record<string, unknown>),
      profile: rowFromJson(profiles, raw.profile as Record<string, unknown>),
      account: raw.account ? rowFromJson(bankAccounts, raw.account as Record<string, unknown>) : undefined,
      files: (raw.files as Record<string, unknown>[]).map((file) => rowFromJson(borrowerFiles, file)),
    };
  }),
};

/** 'CMP' once the profile was sent for review. */
export function datasendOf(profile: ProfileRow): string {
  return profile.sentForReviewAt ? COMPLETE_STATUS : '';
}

/**
 * Every change to the profile is refused once it is approved (status '1'). While it waits for review
 * it stays editable, as SPEC section 4 has it ('0': editable): a change keeps it in the queue (it is
 * still sent), adds 1 to its revision, and the analyst sees it among the changes since it was sent.
 */
export function assertProfileEditable(profile: ProfileRow): void {
  if (isProfileApproved(profile.status)) throw new UserError(profileMessages.profileLocked);
}

/** The SET of every write to a profile: its revision goes up by 1 (a decision on an older one is refused). */
export const bumpRevision = { revision: sql`${profiles.revision} + 1` } as const;

/** The profile as it is sent for review: getProfile's fields and the current file of each type. */
export function sentSnapshotOf(state: ProfileState): SentSnapshot {
  const data = toProfileData(state) as unknown as Record<string, string | number | null>;
  return {
    profile: Object.fromEntries(SNAPSHOT_FIELDS.map((key) => [key, data[key] ?? null])),
    files: Object.fromEntries(state.files.map((f) => [String(f.type), f.id])),
  };
}

/** What the borrower can change (getProfile's fields but the identity, state and document names). */
const SNAPSHOT_FIELDS = [
  'realname',
  'midname',
  'surname',
  'midname2',
  'mob_phone',
  'income_status',
  'business_type',
  'income',
  'bank',
  'account_number',
  'marital_status',
  'home_status',
  'dependents',
  'dependents_who',
  'education',
  'region',
  'county',
  'city',
  'house',
  'address_referece',
  'workplace',
  'workplace_position',
  'work_region',
  'work_county',
  'work_city',
  'workplace_address',
  'work_experience',
  ...REFERENCE_FIELDS,
] as const;

export interface ProfileChange {
  /** getProfile's name of the field, or `document:<type>` for a document replaced. */
  field: string;
  before: string | number | null;
  after: string | number | null;
}

/**
 * What changed since the profile was sent for review: each field whose value differs from the
 * snapshot taken when it was sent, and each document replaced since (before/after: file ids).
 * Empty when it is not waiting for review or nothing changed.
 */
export function changesSinceSent(state: ProfileState): ProfileChange[] {
  const waiting = state.profile.sentForReviewAt && !isProfileApproved(state.profile.status);
  const snapshot = waiting ? state.profile.sentSnapshot : null;
  if (!snapshot) return [];
  const now = sentSnapshotOf(state);
  const changes: ProfileChange[] = [];
  for (const field of SNAPSHOT_FIELDS) {
    const before = snapshot.profile[field] ?? null;
    const after = now.profile[field] ?? null;
    if (String(before ?? '') !== String(after ?? '')) changes.push({ field, before, after });
  }
  for (const [type, id] of Object.entries(now.files)) {
    const before = snapshot.files[type] ?? null;
    if (before !== id) changes.push({ field: `document:${type}`, before, after: id });
  }
  return changes;
}

/**
 * The classification (`csas`): 'Aprobado' once staff approved the profile, 'En revisión' while it
 * waits for review, 'Nuevo' before. Loan history will add levels when loans exist.
 */
export function classificationOf(profile: ProfileRow): string {
  if (isProfileApproved(profile.status)) return 'Aprobado';
  if (profile.sentForReviewAt) return 'En revisión';
  return 'Nuevo';
}

const fileFieldOfType: Record<number, 'file1' | 'file2' | 'file3' | 'file4'> = {
  [FILE_TYPES.frontId]: 'file1',
  [FILE_TYPES.backId]: 'file2',
  [FILE_TYPES.utilityBill]: 'file3',
  [FILE_TYPES.selfie]: 'file4',
};

/** The profile in getProfile.php's names (SPEC section 3). */
export function toProfileData(state: ProfileState): ProfileData {
  const { borrower: b, profile: p, account } = state;
  const docs = { file1: '', file2: '', file3: '', file4: '' };
  for (const file of state.files) {
    const field = fileFieldOfType[file.type];
    if (field) docs[field] = documentName(file);
  }
  return {
    customer_id: b.id,
    person_code: b.personCode,
    realname: b.firstName,
    midname: b.secondName,
    midname2: b.secondSurname,
    surname: b.firstSurname,
    email: b.email,
    mob_phone: b.mobPhone,
    gender: b.gender === 'M' ? 'H' : 'M',
    birthday: b.birthday,
    created: tegucigalpaDateTime(b.createdAt).date,
    status: p.status === '1' ? '1' : '0',
    errores_perfil: p.errorCode,
    modified: p.modified ?? '',
    income_status: p.incomeStatus,
    business_type: p.businessType,
    income: p.incomeCents === null ? null : fromCents(p.incomeCents),
    bank: account ? String(account.bankCode) : '',
    account_number: account?.accountNumber ?? '',
    marital_status: p.maritalStatus,
    home_status: p.homeStatus,
    dependents: p.dependents,
    dependents_who: p.dependentsWho,
    education: p.education,
    region: p.region,
    county: p.county,
    city: p.city,
    house: p.house,
    address_referece: p.addressReference,
    workplace: p.workplace,
    workplace_position: p.workplacePosition,
    work_region: p.workRegion,
    work_county: p.workCounty,
    work_city: p.workCity,
    workplace_address: p.workplaceAddress,
    work_experience: p.workExperience,
    ref_tipo_per: p.refTipoPer,
    ref_nom_per: p.refNomPer,
    ref_tel_per: p.refTelPer,
    ref_correo_per: p.refCorreoPer,
    ref_tipo_lab: p.refTipoLab,
    ref_nom_lab: p.refNomLab,
    ref_tel_lab: p.refTelLab,
    ref_correo_lab: p.refCorreoLab,
    ...docs,
  };
}
