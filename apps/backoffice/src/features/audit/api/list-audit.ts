import type { StaffQueryOf, StaffResponseOf } from '@prestamos-hn/contract';
import type { GetListParams, GetListResult } from 'react-admin';
import { pageQuery } from '../../../lib/paging';
import { callStaff } from '../../../lib/staff-api';

export type AuditRecord = StaffResponseOf<'listAudit'>['items'][number];
type AuditFilter = Omit<NonNullable<StaffQueryOf<'listAudit'>>, 'page' | 'pageSize'>;

/** One page of the audit list, newest first, with the list's filters. */
export async function listAudit(params: GetListParams): Promise<GetListResult<AuditRecord>> {
  const filter: AuditFilter = params.filter ?? {};
  const answer = await callStaff(
    'listAudit',
    {
      query: {
        entity: filter.entity,
        entityId: filter.entityId,
        actorType: filter.actorType,
        actorId: filter.actorId,
        action: filter.action,
        from: filter.from,
        to: filter.to,
        viewsOfBorrower: filter.viewsOfBorrower,
        ...pageQuery(params),
      },
    },
    { signal: params.signal },
  );
  return { data: answer.items, total: answer.total };
}
