import type { StaffBodyOf, StaffResponseOf, TemplateKind } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';
import { templatesQueryKey } from './list-templates';

/** An admin saves a template as its next version (used by requests made from now on). */
export function saveTemplateVersion(
  kind: TemplateKind,
  body: StaffBodyOf<'saveTemplateVersion'>,
): Promise<StaffResponseOf<'saveTemplateVersion'>> {
  return callStaff('saveTemplateVersion', { params: { kind }, body });
}

/** The data provider's method app/ adds for this call. */
export interface SaveTemplateVersionCalls {
  saveTemplateVersion: typeof saveTemplateVersion;
}

/** Saves through the data provider, then reloads the templates (current version and history). */
export function useSaveTemplateVersion() {
  const dataProvider = useDataProvider<DataProvider & SaveTemplateVersionCalls>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: StaffBodyOf<'saveTemplateVersion'> & { kind: TemplateKind }) =>
      dataProvider.saveTemplateVersion(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
