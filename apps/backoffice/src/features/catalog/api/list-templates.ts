import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type TemplateList = StaffResponseOf<'listTemplates'>;
export type TemplateItem = TemplateList['items'][number];
export type TemplateVersion = TemplateItem['versions'][number];

export function listTemplates(options: { signal?: AbortSignal } = {}): Promise<TemplateList> {
  return callStaff('listTemplates', {}, options);
}

/** The templates with their versions, bound to the session (a 401 ends it). */
export function useTemplates() {
  const call = useStaffCall(listTemplates);
  return useQuery({
    queryKey: queryKeys.templates,
    queryFn: ({ signal }) => call({ signal }),
  });
}
