// "Today" in the journeys is the server's day (E2E_SERVER_NOW), never the machine's: a run that
// crosses midnight in Honduras keeps one day on both sides, the server's and the browsers'.
import type { BrowserContext } from '@playwright/test';
import { todayInTegucigalpa } from '@prestamos-hn/domain';
import { E2E_SERVER_NOW, E2E_STARTED_AT } from './e2e-env';

/** The server's day in Honduras, YYYY-MM-DD. */
export const E2E_TODAY: string = E2E_SERVER_NOW.slice(0, 10);

/** E2E_TODAY as the apps show a date: DD/MM/YYYY. */
export const E2E_TODAY_SHOWN: string = E2E_TODAY.split('-').reverse().join('/');

/** The server's day at `time` (HH:mm) in Honduras, as the instant a browser's clock is fixed at. */
export function todayInHondurasAt(time: string): Date {
  return new Date(`${E2E_TODAY}T${time}:00-06:00`);
}

/** About what the server's clock reads now: it started at E2E_SERVER_NOW and runs at real speed. */
export function serverNow(): Date {
  return new Date(Date.parse(E2E_SERVER_NOW) + (Date.now() - E2E_STARTED_AT));
}

/**
 * Puts a browser on the server's day when the machine's day is another (the run crossed midnight in
 * Honduras, or E2E_SERVER_NOW was set to another day): its clock then reads what the server's reads
 * and keeps running. On the server's day the browser keeps its own clock. A test's own
 * `page.clock.setFixedTime` still wins.
 */
export async function onServerDay(context: BrowserContext): Promise<void> {
  if (todayInTegucigalpa(new Date()) !== E2E_TODAY) await context.clock.setSystemTime(serverNow());
}
