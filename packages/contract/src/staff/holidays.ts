import { z } from 'zod';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { isoDate, isoInstant } from './fields.ts';

/**
 * The holiday calendar as admins keep it (decision 014, point 3): the days off besides Sunday. A due
 * date computed from now on (a quote, the schedule made at disbursement) that falls on one moves to
 * the next working day; plans already computed keep their dates. The service
 * (apps/api/src/services/holidays.ts) checks every rule again with the same Spanish words.
 */

export const HOLIDAY_YEAR_MIN = 2000;
export const HOLIDAY_YEAR_MAX = 2100;
export const HOLIDAY_NAME_MAX = 80;

export const holidayMessages = {
  year: `Elige un año entre ${HOLIDAY_YEAR_MIN} y ${HOLIDAY_YEAR_MAX}.`,
  date: `Escribe la fecha del feriado (AAAA-MM-DD), entre ${HOLIDAY_YEAR_MIN} y ${HOLIDAY_YEAR_MAX}.`,
  name: `Escribe el nombre del feriado (hasta ${HOLIDAY_NAME_MAX} caracteres).`,
} as const;

const holidayDate = z
  .string({ error: holidayMessages.date })
  .trim()
  .pipe(z.iso.date({ error: holidayMessages.date }))
  .refine((date) => {
    const year = Number(date.slice(0, 4));
    return year >= HOLIDAY_YEAR_MIN && year <= HOLIDAY_YEAR_MAX;
  }, holidayMessages.date);

export const holidaysQuery = z.object({
  /** The calendar year to list; left out, the current year (Tegucigalpa). */
  year: z.coerce
    .number({ error: holidayMessages.year })
    .int(holidayMessages.year)
    .min(HOLIDAY_YEAR_MIN, holidayMessages.year)
    .max(HOLIDAY_YEAR_MAX, holidayMessages.year)
    .optional(),
});

export const createHolidayBody = z.object({
  date: holidayDate,
  name: z
    .string({ error: holidayMessages.name })
    .trim()
    .min(1, holidayMessages.name)
    .max(HOLIDAY_NAME_MAX, holidayMessages.name),
});

const holidayParams = z.object({ date: holidayDate });

/** A day off of the calendar. */
export const holidayItem = z.object({
  date: isoDate,
  name: z.string(),
  /** The admin who added it; null for the seeded national holidays. */
  createdBy: z.string().nullable(),
  createdAt: isoInstant,
});

/** The holiday calendar: admins only (`holidays.manage`). */
export const staffHolidayRows = {
  listHolidays: defineStaffEndpoint({
    method: 'GET',
    path: '/holidays',
    access: 'holidays.manage',
    summary: "One year's holidays in date order, and every year the calendar has dates in",
    query: holidaysQuery,
    response: jsonResponse(
      z.object({
        year: z.number().int(),
        items: z.array(holidayItem),
        /** The years with at least one holiday, in order. */
        years: z.array(z.number().int()),
      }),
    ),
  }),
  createHoliday: defineStaffEndpoint({
    method: 'POST',
    path: '/holidays',
    access: 'holidays.manage',
    summary: 'Adds a holiday: due dates computed from now on move off it (audited)',
    body: createHolidayBody,
    response: jsonResponse(z.object({ holiday: holidayItem })),
  }),
  deleteHoliday: defineStaffEndpoint({
    method: 'POST',
    path: '/holidays/:date/delete',
    access: 'holidays.manage',
    summary: 'Removes a holiday: it is a working day again for due dates computed from now on (audited)',
    params: holidayParams,
    response: jsonResponse(z.object({ holiday: holidayItem })),
  }),
};
