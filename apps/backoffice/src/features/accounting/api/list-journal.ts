import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { JournalEventKind } from '@prestamos-hn/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff, staffUrl } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type JournalPage = StaffResponseOf<'listJournal'>;
export type JournalEntry = JournalPage['items'][number];

export interface JournalFilter {
  from?: string;
  to?: string;
  loanId?: number;
  event?: JournalEventKind;
  page: number;
  pageSize: number;
}

/** One page of the journal in date order, with each entry's lines. */
export function listJournal(filter: JournalFilter, signal?: AbortSignal): Promise<JournalPage> {
  return callStaff('listJournal', { query: filter }, { signal });
}

export function useJournal(filter: JournalFilter) {
  const call = useStaffCall(listJournal);
  return useQuery({
    queryKey: queryKeys.journal(filter),
    queryFn: ({ signal }) => call(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** The journal of a date range as CSV (the session cookie goes with the download). */
export const journalCsvUrl = (range: { from?: string; to?: string }) =>
  staffUrl('exportJournal', { query: range });
