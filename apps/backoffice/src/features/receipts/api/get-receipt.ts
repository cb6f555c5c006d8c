import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetOneParams, GetOneResult } from 'react-admin';
import { callStaff, staffUrl } from '../../../lib/staff-api';

/** GET /api/backoffice/receipts/:id: the receipt, its loan's schedule, the same reference elsewhere. */
export type ReceiptDetail = StaffResponseOf<'getReceipt'>;

export async function getReceipt(params: GetOneParams): Promise<GetOneResult<ReceiptDetail>> {
  return { data: await callStaff('getReceipt', { params: { id: params.id } }, { signal: params.signal }) };
}

/**
 * The photo's address (GET /api/backoffice/receipts/:id/image, audited): the session cookie goes
 * with it; the version makes a replaced photo a new address.
 */
export function receiptImageUrl(receipt: { id: number; photoVersion: number }): string {
  return `${staffUrl('getReceiptImage', { params: { id: receipt.id } })}?v=${receipt.photoVersion}`;
}
