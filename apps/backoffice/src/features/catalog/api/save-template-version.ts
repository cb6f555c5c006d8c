import type { StaffBodyOf, StaffResponseOf, TemplateKind } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** An admin saves a template as its next version (used by requests made from now on). */
export function saveTemplateVersion(
  kind: TemplateKind,
  body: StaffBodyOf<'saveTemplateVersion'>,
): Promise<StaffResponseOf<'saveTemplateVersion'>> {
  return callStaff('saveTemplateVersion', { params: { kind }, body });
}

/** Saves (a 401 ends the session), then reloads the templates (current version and history). */
export function useSaveTemplateVersion() {
  const call = useStaffCall(saveTemplateVersion);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: StaffBodyOf<'saveTemplateVersion'> & { kind: TemplateKind }) =>
      call(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates }),
  });
}
