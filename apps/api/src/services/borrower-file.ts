import {
  can,
  CENSUS_ITEM_LABELS,
  CENSUS_ITEMS,
  documentTypeLabel,
  isSameName,
  PROFILE_REVIEW_STATE_LABELS,
  referenceTypeLabel,
  STAFF_PROFILE_FIELD_LABELS,
  type CensusItem,
  type ProfileReviewState,
} from '@prestamos-hn/domain';
import { and, desc, eq } from 'drizzle-orm';
import {
  borrowerFiles,
  borrowerLocations,
  borrowers,
  municipalities,
  profileReviews,
  sessions,
  staffAccounts,
} from '../db/schema/index.ts';
import { readAuditTrail, writeAudit } from './audit.ts';
import {
  changesSinceSent,
  classificationOf,
  datasendOf,
  loadProfileState,
  toProfileData,
  type ProfileState,
} from './borrower-profile.ts';
import { lookUpIdentity } from './census.ts';
import type { Deps } from './deps.ts';
import { notFound, staffMessages } from './shared/refusals.ts';
import type { StaffMember } from './shared/staff-member.ts';
import { profileLabels } from './shared/profile-labels.ts';

const LIST_LIMIT = 50;

/**
 * A bank account number for a role that does not pay into it: `****` and its last 4 digits (an
 * empty one stays empty). Enough to tell the borrower which account is on file.
 */
export function maskAccountNumber(accountNumber: string): string {
  if (accountNumber === '') return '';
  return `****${accountNumber.length > 4 ? accountNumber.slice(-4) : ''}`;
}
const sexLabel = (code: string | number) =>
  Number(code) === 1 ? 'Masculino' : Number(code) === 2 ? 'Femenino' : '';

const REFERENCE_TYPE_FIELDS = ['ref_tipo_per', 'ref_tipo_lab'];

/**
 * The changes since the profile was sent for review (changesSinceSent) as staff read them: the
 * field's label, and each value with its name (option, place, bank, reference type); the account
 * number masked for a role that does not pay into it; a document replaced says so.
 */
async function readableChanges(deps: Deps, staff: StaffMember, state: ProfileState) {
  const changes = changesSinceSent(state);
  if (changes.length === 0) return [];
  const before = state.profile.sentSnapshot?.profile ?? {};
  const [labelsBefore, labelsAfter] = await Promise.all([
    profileLabels(deps.db, before),
    profileLabels(deps.db, toProfileData(state)),
  ]);
  const showAccount = can(staff.role, 'borrowers.bank_account');
  const shown = (field: string, value: string | number | null, labels: Record<string, string>) => {
    const raw = value === null ? '' : String(value);
    if (raw === '') return '—';
    if (field === 'account_number' && !showAccount) return maskAccountNumber(raw);
    if (REFERENCE_TYPE_FIELDS.includes(field)) return referenceTypeLabel(raw);
    return labels[field] ? `${labels[field]} (${raw})` : raw;
  };
  return changes.map((c) => {
    if (c.field.startsWith('document:')) {
      const label = documentTypeLabel(Number(c.field.slice('document:'.length))) ?? 'Documento';
      return {
        field: c.field,
        label,
        before: c.before === null ? 'Sin documento' : 'Documento enviado',
        after: 'Documento nuevo',
      };
    }
    const label = STAFF_PROFILE_FIELD_LABELS[c.field as keyof typeof STAFF_PROFILE_FIELD_LABELS] ?? c.field;
    const reference = c.field.startsWith('ref_') ? (c.field.endsWith('_per') ? 'personal' : 'laboral') : null;
    return {
      field: c.field,
      // 'Tipo' alone does not say of which reference.
      label: reference ? `Referencia ${reference}: ${label.toLowerCase()}` : label,
      before: shown(c.field, c.before, labelsBefore),
      after: shown(c.field, c.after, labelsAfter),
    };
  });
}

function stateOf(
  profile: { status: string; sentForReviewAt: Date | null },
  hasReturn: boolean,
): ProfileReviewState {
  if (profile.status === '1') return 'aprobado';
  if (profile.sentForReviewAt) return 'en_revision';
  return hasReturn ? 'devuelto' : 'incompleto';
}

/**
 * Everything staff see of one borrower: identity and every profile field (getProfile's names) with
 * the names of its coded fields, the four documents (fetched through the authenticated document
 * route), the census record beside what the borrower declared with each difference flagged, the
 * references, the location history with cities, the review decisions, and (with `borrowers.audit`)
 * the sessions and audit trail. The opening itself is an audit row ('borrower.view').
 */
export async function getBorrowerFile(deps: Deps, staff: StaffMember, borrowerId: number) {
  const [exists] = await deps.db
    .select({ id: borrowers.id })
    .from(borrowers)
    .where(eq(borrowers.id, borrowerId));
  if (!exists) throw notFound(staffMessages.borrowerNotFound);
  const state = await loadProfileState(deps.db, borrowerId);
  const { borrower: b, profile: p } = state;

  const reviews = await deps.db
    .select({
      id: profileReviews.id,
      decision: profileReviews.decision,
      errorCode: profileReviews.errorCode,
      failedItems: profileReviews.failedItems,
      note: profileReviews.note,
      submittedAt: profileReviews.submittedAt,
      decidedAt: profileReviews.decidedAt,
      staffName: staffAccounts.name,
    })
    .from(profileReviews)
    .innerJoin(staffAccounts, eq(staffAccounts.id, profileReviews.staffId))
    .where(eq(profileReviews.borrowerId, borrowerId))
    .orderBy(desc(profileReviews.decidedAt), desc(profileReviews.id));
  const profileState = stateOf(
    p,
    reviews.some((r) => r.decision === 'return'),
  );

  // The census record only for a role whose work compares it (the review); nothing is asked of the
  // registry for the others.
  const withCensus = can(staff.role, 'borrowers.census');
  const lookup = withCensus ? await lookUpIdentity(deps, b.personCode) : null;
  const record = lookup?.status === 'success' && 'data' in lookup ? lookup.data : null;
  const declared: Record<CensusItem, string> = {
    firstName: b.firstName,
    secondName: b.secondName,
    firstSurname: b.firstSurname,
    secondSurname: b.secondSurname,
    sex: b.gender === 'M' ? 'Masculino' : 'Femenino',
    birthDate: b.birthday,
  };
  const census: Record<CensusItem, string> | null = record
    ? {
        firstName: record.DES_PRIMER_NOMBRE,
        secondName: record.DES_SEGUNDO_NOMBRE ?? '',
        firstSurname: record.DES_PRIMER_APELLIDO,
        secondSurname: record.DES_SEGUNDO_APELLIDO ?? '',
        sex: sexLabel(record.COD_SEXO),
        birthDate: String(record.FECHA_NACIMIENTO).slice(0, 10),
      }
    : null;
  const comparison = CENSUS_ITEMS.map((field) => ({
    field,
    label: CENSUS_ITEM_LABELS[field],
    declared: declared[field],
    census: census?.[field] ?? null,
    matches: census ? isSameName(declared[field], census[field]) : null,
  }));

  const withLocations = can(staff.role, 'borrowers.locations');
  const locations = !withLocations
    ? null
    : await deps.db
        .select({
          at: borrowerLocations.createdAt,
          city: borrowerLocations.city,
          municipality: municipalities.name,
          latitude: borrowerLocations.latitude,
          longitude: borrowerLocations.longitude,
          ip: borrowerLocations.ip,
          browser: borrowerLocations.browser,
          os: borrowerLocations.os,
        })
        .from(borrowerLocations)
        .leftJoin(municipalities, eq(municipalities.code, borrowerLocations.municipalityCode))
        .where(eq(borrowerLocations.borrowerId, borrowerId))
        .orderBy(desc(borrowerLocations.createdAt), desc(borrowerLocations.id))
        .limit(LIST_LIMIT);

  const withAudit = can(staff.role, 'borrowers.audit');
  const sessionRows = withAudit
    ? await deps.db
        .select({
          id: sessions.id,
          state: sessions.state,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          endedAt: sessions.endedAt,
          endReason: sessions.endReason,
        })
        .from(sessions)
        .where(eq(sessions.borrowerId, borrowerId))
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(LIST_LIMIT)
    : null;
  const audit = withAudit ? await readAuditTrail(deps.db, 'borrower', borrowerId, LIST_LIMIT) : null;

  const data = toProfileData(state);
  const labels = await profileLabels(deps.db, data);
  const file = {
    borrower: {
      id: b.id,
      personCode: b.personCode,
      firstName: b.firstName,
      secondName: b.secondName,
      firstSurname: b.firstSurname,
      secondSurname: b.secondSurname,
      email: b.email,
      emailConfirmed: b.emailConfirmedAt !== null,
      mobPhone: b.mobPhone,
      gender: b.gender,
      birthday: b.birthday,
      createdAt: b.createdAt.toISOString(),
      locked: b.lockedAt !== null,
      privacyTermsVersion: b.privacyTermsVersion,
      privacyTermsAcceptedAt: b.privacyTermsAcceptedAt?.toISOString() ?? null,
    },
    state: profileState,
    stateLabel: PROFILE_REVIEW_STATE_LABELS[profileState],
    profile: {
      ...data,
      account_number: can(staff.role, 'borrowers.bank_account')
        ? data.account_number
        : maskAccountNumber(data.account_number),
      datasend: datasendOf(p),
      csas: classificationOf(p),
      sentForReviewAt: p.sentForReviewAt?.toISOString() ?? null,
      revision: p.revision,
    },
    changesSinceSent: await readableChanges(deps, staff, state),
    /** Names of the coded fields (option lists, bank, places), keyed like `profile`. */
    labels,
    documents: state.files.map((f) => ({
      id: f.id,
      type: f.type,
      label: documentTypeLabel(f.type) ?? 'Documento',
      contentType: f.contentType,
      size: f.size,
      uploadedAt: f.createdAt.toISOString(),
      url: `/api/backoffice/borrowers/${borrowerId}/files/${f.id}`,
    })),
    census: lookup
      ? {
          status: lookup.status,
          comparison,
          differences: comparison.filter((c) => c.matches === false).length,
        }
      : null,
    references: [
      { kind: 'personal', type: p.refTipoPer, name: p.refNomPer, phone: p.refTelPer, email: p.refCorreoPer },
      { kind: 'labour', type: p.refTipoLab, name: p.refNomLab, phone: p.refTelLab, email: p.refCorreoLab },
    ],
    locations:
      locations?.map((l) => ({
        ...l,
        at: new Date(l.at).toISOString(),
      })) ?? null,
    reviews: reviews.map((r) => ({
      ...r,
      submittedAt: r.submittedAt.toISOString(),
      decidedAt: r.decidedAt.toISOString(),
    })),
    sessions:
      sessionRows?.map((s) => ({
        ...s,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        endedAt: s.endedAt?.toISOString() ?? null,
      })) ?? null,
    audit,
  };
  // Every opening of a borrower's file is an audit row (who read whose personal data, and when).
  await writeAudit(deps, deps.db, {
    actor: { type: 'staff', id: staff.id },
    action: 'borrower.view',
    entity: 'borrower',
    entityId: borrowerId,
  });
  return file;
}

/**
 * The bytes of one of the borrower's documents for staff, with an audit row 'view_documents'
 * (who, when, which file). Another borrower's file id, an unknown one, or missing bytes: 404.
 */
export async function readBorrowerDocument(
  deps: Deps,
  staff: StaffMember,
  borrowerId: number,
  fileId: number,
): Promise<{ data: Buffer; contentType: string }> {
  const [row] = await deps.db
    .select()
    .from(borrowerFiles)
    .where(and(eq(borrowerFiles.id, fileId), eq(borrowerFiles.borrowerId, borrowerId)))
    .limit(1);
  if (!row) throw notFound();
  const file = await deps.integrations.fileStorage.get(row.storageKey);
  if (!file) throw notFound();
  await writeAudit(deps, deps.db, {
    actor: { type: 'staff', id: staff.id },
    action: 'view_documents',
    entity: 'borrower',
    entityId: borrowerId,
    after: { fileId: row.id, type: row.type, replaced: row.replacedAt !== null },
  });
  return { data: file.data, contentType: row.contentType };
}
