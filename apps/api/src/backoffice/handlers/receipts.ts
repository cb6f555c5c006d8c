import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import {
  decideReceipt,
  getBorrowerLedger,
  getReceipt,
  listReceipts,
  readReceiptImage,
} from '../../services/payments/cashier-desk.ts';
import { decideReceiptApproval } from '../../services/payments/receipt-approval.ts';
import { reverseReceipt } from '../../services/payments/receipt-reversal.ts';
import type { StaffHandlerTable } from '../handler.ts';

/**
 * The cashier's desk: the receipts queue, one receipt and its photo, the decision and its second
 * approval, a borrower's ledger.
 */
export const receiptHandlers = {
  listReceipts: ({ deps, query }) => listReceipts(deps, query),
  getReceipt: ({ deps, params }) => getReceipt(deps, params.id),
  getReceiptImage: ({ deps, params, session }) => readReceiptImage(deps, session.staff, params.id),
  decideReceipt: ({ deps, params, body, session }) => decideReceipt(deps, session.staff, params.id, body),
  decideReceiptApproval: ({ deps, params, body, session }) =>
    decideReceiptApproval(deps, session.staff, params.id, body),
  reverseReceipt: ({ deps, params, body, session }) => reverseReceipt(deps, session.staff, params.id, body),
  getBorrowerLedger: ({ deps, params }) => getBorrowerLedger(deps, params.id),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'receipts'>>;
