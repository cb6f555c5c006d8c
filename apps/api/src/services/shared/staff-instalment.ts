import { instalmentRemainingCents, instalmentStatusLabel } from '@prestamos-hn/domain';
import type { instalments } from '../../db/schema/index.ts';

/** What staff see of a loan's schedule: every part due and covered, in centavos. */
export function toStaffInstalment(i: typeof instalments.$inferSelect) {
  return {
    id: i.id,
    position: i.position,
    dueDate: i.dueDate,
    status: i.status,
    statusLabel: instalmentStatusLabel(i.status),
    lateFeeCents: i.lateFeeCents,
    lateFeeCoveredCents: i.lateFeeCoveredCents,
    chargeCents: i.chargeCents,
    chargeCoveredCents: i.chargeCoveredCents,
    administratorFeeCents: i.administratorFeeCents,
    administratorFeeCoveredCents: i.administratorFeeCoveredCents,
    amountCents: i.amountCents,
    amountCoveredCents: i.amountCoveredCents,
    penaltyFeeCents: i.penaltyFeeCents,
    penaltyCoveredCents: i.penaltyCoveredCents,
    remainingCents: instalmentRemainingCents(i),
  };
}
