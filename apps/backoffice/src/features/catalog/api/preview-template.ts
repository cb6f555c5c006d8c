import type { StaffBodyOf, StaffResponseOf, TemplateKind } from '@prestamos-hn/contract';
import { useMutation } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type TemplatePreview = StaffResponseOf<'previewTemplate'>;

/** A draft rendered by the server for a sample borrower and loan, sanitised as it would be stored. */
export function previewTemplate(
  kind: TemplateKind,
  body: StaffBodyOf<'previewTemplate'>,
): Promise<TemplatePreview> {
  return callStaff('previewTemplate', { params: { kind }, body });
}

export function usePreviewTemplate() {
  const call = useStaffCall(previewTemplate);
  return useMutation({
    mutationFn: ({ kind, ...body }: StaffBodyOf<'previewTemplate'> & { kind: TemplateKind }) =>
      call(kind, body),
  });
}
