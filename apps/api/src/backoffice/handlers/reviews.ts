import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import { decideProfile } from '../../services/review/decisions.ts';
import { listReviewQueue } from '../../services/review/queue.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** The review queue and decisions. */
export const reviewHandlers = {
  listReviewQueue: ({ deps, query }) => listReviewQueue(deps, query),
  decideProfile: ({ deps, params, body, session }) => decideProfile(deps, session.staff, params.id, body),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'reviews'>>;
