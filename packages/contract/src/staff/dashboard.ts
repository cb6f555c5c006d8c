import { z } from 'zod';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { isoDate, isoInstant } from './fields.ts';

const count = z.number().int().nonnegative();

/** The dashboard. */
export const staffDashboardRows = {
  getDashboard: defineStaffEndpoint({
    method: 'GET',
    path: '/dashboard',
    access: 'dashboard.read',
    summary: 'Profiles waiting and the oldest wait, approved and returned today (Honduras)',
    response: jsonResponse(
      z.object({
        waitingReview: count,
        oldestWaitingSince: isoInstant.nullable(),
        oldestWaitingMinutes: count.nullable(),
        approvedToday: count,
        returnedToday: count,
        /** Today in Honduras, YYYY-MM-DD. */
        date: isoDate,
      }),
    ),
  }),
};
