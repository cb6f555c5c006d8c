import { PROFILE_REVIEW_STATE_LABELS, type ProfileReviewState } from '@prestamos-hn/domain';
import { StatusChip, type ChipTone } from './status-chip';

const STATE_TONES: Record<ProfileReviewState, ChipTone> = {
  incompleto: 'neutral',
  en_revision: 'warning',
  aprobado: 'success',
  devuelto: 'error',
};

/** A profile's review state as a coloured chip: in the register, the borrower file and the loan file. */
export function ProfileStateChip({ state }: { state: ProfileReviewState }) {
  return <StatusChip tone={STATE_TONES[state]} label={PROFILE_REVIEW_STATE_LABELS[state]} />;
}
