import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type TemplateList = StaffResponseOf<'listTemplates'>;
export type TemplateItem = TemplateList['items'][number];
export type TemplateVersion = TemplateItem['versions'][number];

export function listTemplates(options: { signal?: AbortSignal } = {}): Promise<TemplateList> {
  return callStaff('listTemplates', {}, options);
}

/** The data provider's method app/ adds for this call. */
export interface ListTemplatesCalls {
  listTemplates: typeof listTemplates;
}

export const templatesQueryKey = ['templates'] as const;

/** The templates with their versions, through react-admin's data provider (a 401 ends the session). */
export function useTemplates() {
  const dataProvider = useDataProvider<DataProvider & ListTemplatesCalls>();
  return useQuery({
    queryKey: templatesQueryKey,
    queryFn: ({ signal }) => dataProvider.listTemplates({ signal }),
  });
}
