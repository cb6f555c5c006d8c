/** Profile edit: work start date. */
import { z } from 'zod';
import { PROFILE_WORK_START_MAX_YEARS, PROFILE_WORK_START_MIN_YEARS } from '../constants.ts';
import type { IsoDate } from '../time.ts';
import { dateYearsAgo } from './fields.ts';

/** `work_experience`: between 20 years ago and 1 year ago ('Campo obligatorio' otherwise). */
export function makeProfileWorkStartSchema({ today }: { today: IsoDate }) {
  return z.object({
    work_experience: dateYearsAgo(today, PROFILE_WORK_START_MIN_YEARS, PROFILE_WORK_START_MAX_YEARS),
  });
}
