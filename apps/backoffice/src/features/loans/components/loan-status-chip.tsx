import { loanStatusLabel } from '@prestamos-hn/domain';
import { StatusChip, type ChipTone } from '../../../components/status-chip';

/** Waiting for staff (0, 1), ready or running (5, 3, 4), refused or late (2, 8-11), ended (7). */
const STATUS_TONES: Record<number, ChipTone> = {
  0: 'warning',
  1: 'warning',
  2: 'error',
  3: 'success',
  4: 'success',
  5: 'success',
  8: 'error',
  9: 'error',
  10: 'error',
  11: 'error',
};

/** A loan's status as a chip with its SPEC label. */
export function LoanStatusChip({ status }: { status: number }) {
  return <StatusChip tone={STATUS_TONES[status] ?? 'neutral'} label={loanStatusLabel(status)} />;
}
