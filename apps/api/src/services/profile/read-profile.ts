import type { BankAccountItem, PayloadOf, ProfileData, ProfileFile } from '@prestamos-hn/contract';
import {
  COMPLETE_STATUS,
  FILE_TYPES,
  fromCents,
  type ProfileCompletenessInput,
  tegucigalpaDateTime,
} from '@prestamos-hn/domain';
import { asc, eq } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/index.ts';
import { EMAIL_PENDING_STATUS } from '../accounts/summary.ts';
import type { Deps } from '../deps.ts';
import { signedFileUrl } from './file-urls.ts';
import {
  classificationOf,
  datasendOf,
  documentName,
  loadProfileState,
  type FileRow,
  type ProfileState,
} from './state.ts';

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
  const state = await loadProfileState(deps.db, borrowerId);
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
