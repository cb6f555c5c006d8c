/**
 * Which profile rows can be edited, and the alert a locked row shows (SPEC sections 4 and 8). Status
 * '0' is editable, also once sent for review (a change stays in the review); status '1' (approved)
 * locks the mandatory rows, the references and the documents.
 */
import {
  AVAILABLE_IN_12_MONTHS_MESSAGE,
  FIELD_DISABLED_MESSAGE,
  isDependentsTypeEnabled,
  isProfileApproved,
  NO_DEPENDENTS_MESSAGE,
  OPTION_DISABLED_MESSAGE,
  type ProfileEditGroup,
} from '@prestamos-hn/domain';

/**
 * The edit dialogs of the profile (SPEC section 2, plus the bank and work start rows): one per edit
 * group, but the phone's, which has a dialog of its own.
 */
export type EditDialogId = Exclude<ProfileEditGroup, 'phone'>;

/** What a row opens: an edit dialog, the phone or password dialog, or nothing (read only). */
export type RowAction = EditDialogId | 'phone' | 'password' | null;

/** Where a row sits: the general data, the mandatory data, the references or the documents. */
export type RowGroup = 'general' | 'mandatory' | 'references' | 'documents';

export interface RowAccessInput {
  status: string;
  datasend: string;
  dependents: number | null;
}

/** Whether a row opens its dialog, or the alert it shows instead. */
export type RowAccess = { isEditable: true } | { isEditable: false; alert: string };

const editable: RowAccess = { isEditable: true };
const locked = (alert: string): RowAccess => ({ isEditable: false, alert });

/**
 * The access of one row. The password can always be changed. Once approved, the general rows say
 * 'Esta opción está deshabilitada.', the mandatory rows and references 'Este campo está
 * deshabilitado.' and the documents 'Esta opción estará disponible en 12 meses.'. The type of
 * dependents needs dependents.
 */
export function rowAccess(group: RowGroup, action: RowAction, profile: RowAccessInput): RowAccess {
  if (action === 'password') return editable;
  if (isProfileApproved(profile.status)) {
    if (group === 'documents') return locked(AVAILABLE_IN_12_MONTHS_MESSAGE);
    if (group === 'general') return locked(OPTION_DISABLED_MESSAGE);
    return locked(FIELD_DISABLED_MESSAGE);
  }
  if (action === 'dependents_who' && !isDependentsTypeEnabled(profile.dependents)) {
    return locked(NO_DEPENDENTS_MESSAGE);
  }
  return editable;
}
