import type { ChatOffice } from '@prestamos-hn/contract';
import { describeOfficeHours, nextOfficeOpening, officeClosesAt } from '@prestamos-hn/domain';
import type { Deps } from '../deps.ts';

/** The office hours of the chat (`CHAT_OFFICE_HOURS`) as the app shows them, at the server's now. */
export function chatOfficeNow(deps: Pick<Deps, 'config' | 'clock'>): ChatOffice {
  const hours = deps.config.chat.officeHours;
  const now = deps.clock.now();
  const closesAt = officeClosesAt(hours, now);
  const nextOpening = closesAt ? null : nextOfficeOpening(hours, now);
  return {
    open: closesAt !== null,
    hours: describeOfficeHours(hours),
    closesAt: closesAt?.toISOString() ?? null,
    nextOpening: nextOpening?.toISOString() ?? null,
  };
}
