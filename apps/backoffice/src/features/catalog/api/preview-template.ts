import type { StaffBodyOf, StaffResponseOf, TemplateKind } from '@prestamos-hn/contract';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type TemplatePreview = StaffResponseOf<'previewTemplate'>;

/** A draft rendered by the server for a sample borrower and loan, sanitised as it would be stored. */
export function previewTemplate(
  kind: TemplateKind,
  body: StaffBodyOf<'previewTemplate'>,
): Promise<TemplatePreview> {
  return callStaff('previewTemplate', { params: { kind }, body });
}

/** The data provider's method app/ adds for this call. */
export interface PreviewTemplateCalls {
  previewTemplate: typeof previewTemplate;
}

export function usePreviewTemplate() {
  const dataProvider = useDataProvider<DataProvider & PreviewTemplateCalls>();
  return useMutation({
    mutationFn: ({ kind, ...body }: StaffBodyOf<'previewTemplate'> & { kind: TemplateKind }) =>
      dataProvider.previewTemplate(kind, body),
  });
}
