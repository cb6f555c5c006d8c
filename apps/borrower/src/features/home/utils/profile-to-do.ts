import type { ProfileData } from '@prestamos-hn/contract';
import {
  DOCUMENT_FIELDS,
  isStage2Pending,
  missingProfileFields,
  PROFILE_FIELD_LABELS,
  profileDisplayState,
  REFERENCE_KIND_LABELS,
} from '@prestamos-hn/domain';

/** One row of 'Completa tu perfil': what is missing, and what the row opens. */
export interface ProfileToDoItem {
  id: 'stage2' | 'homeAndWork' | 'references' | 'documents';
  title: string;
  /** What is still missing, in the profile's words. */
  missing: string[];
}

export const PROFILE_TO_DO_TITLE = 'Completa tu perfil';

const STAGE_2_FIELDS = [
  'bank',
  'account_number',
  'income_status',
  'income',
  'marital_status',
  'home_status',
  'dependents',
  'work_experience',
] as const;

/** The place fields of the home and of the work share their labels on the profile; here they are told apart. */
const HOME_AND_WORK_LABELS: Record<string, string> = {
  region: 'Departamento de tu casa',
  education: PROFILE_FIELD_LABELS.education,
  workplace: PROFILE_FIELD_LABELS.workplace,
  workplace_position: PROFILE_FIELD_LABELS.workplace_position,
  work_region: 'Departamento del trabajo',
  work_county: 'Municipio del trabajo',
};

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * What a borrower whose profile is incomplete still has to give, in the order to give it: the
 * stage 2 answers ('Completar registro'), the home and work data, the two references, the four
 * documents. Empty once the profile is complete (or approved).
 */
export function profileToDo(profile: ProfileData): ProfileToDoItem[] {
  if (profileDisplayState(profile) !== 'incomplete') return [];
  const missing = new Set<string>(missingProfileFields(profile));
  const items: ProfileToDoItem[] = [];
  if (isStage2Pending(profile)) {
    items.push({
      id: 'stage2',
      title: 'Completa tu registro',
      missing: STAGE_2_FIELDS.filter((field) => isEmpty(profile[field]) || missing.has(field)).map(
        (field) => PROFILE_FIELD_LABELS[field],
      ),
    });
  }
  const homeAndWork = Object.keys(HOME_AND_WORK_LABELS).filter((field) => missing.has(field));
  if (homeAndWork.length > 0) {
    items.push({
      id: 'homeAndWork',
      title: 'Tu casa y tu trabajo',
      missing: homeAndWork.map((field) => HOME_AND_WORK_LABELS[field]!),
    });
  }
  const references = [
    ...(['ref_tipo_per', 'ref_nom_per', 'ref_tel_per'].some((f) => missing.has(f))
      ? [REFERENCE_KIND_LABELS.personal]
      : []),
    ...(['ref_tipo_lab', 'ref_nom_lab', 'ref_tel_lab'].some((f) => missing.has(f))
      ? [REFERENCE_KIND_LABELS.labour]
      : []),
  ];
  if (references.length > 0) items.push({ id: 'references', title: 'Tus referencias', missing: references });
  const documents = (Object.keys(DOCUMENT_FIELDS) as (keyof typeof DOCUMENT_FIELDS)[]).filter((field) =>
    missing.has(field),
  );
  if (documents.length > 0) {
    items.push({
      id: 'documents',
      title: 'Tus documentos',
      missing: documents.map((field) => PROFILE_FIELD_LABELS[field]),
    });
  }
  return items;
}
