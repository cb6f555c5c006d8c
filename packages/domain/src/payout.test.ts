import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_LOCKING_LOAN_STATUSES,
  disbursementReversalBlocker,
  isBankAccountLocked,
  mayRecordDisbursement,
  type DisbursementReversalFacts,
} from './payout.ts';
import { LOAN_STATUS as L } from './servicing.ts';

describe('the bank account is locked while a request is in progress', () => {
  it('locks on 0 Enviado, 1 Reuniendo and 5 Reunido only', () => {
    expect(BANK_ACCOUNT_LOCKING_LOAN_STATUSES).toEqual([L.sent, L.taken, L.approved]);
  });

  it.each([
    [[], false],
    [[{ status: L.sent }], true],
    [[{ status: '1' }], true],
    [[{ status: L.rejected }, { status: L.approved }], true],
    [[{ status: L.paying }], false],
    [[{ status: L.late }, { status: L.paid }, { status: L.expired }], false],
  ])('%j → %s', (loans, locked) => {
    expect(isBankAccountLocked(loans)).toBe(locked);
  });
});

describe('the approver does not record the disbursement', () => {
  it.each([
    [7, 7, false],
    [7, 8, true],
    [null, 7, true],
  ])('decided by %s, recorded by %s → %s', (decidedByStaffId, staffId, may) => {
    expect(mayRecordDisbursement({ decidedByStaffId }, staffId)).toBe(may);
  });
});

describe('a disbursement may be reversed only while no money touched the loan', () => {
  const disbursed: DisbursementReversalFacts = {
    status: L.paying,
    disbursedOn: '2026-11-23',
    walletEntries: 0,
    receiptStates: [],
  };

  it('a disbursed loan with no money and only rejected receipts: yes', () => {
    expect(disbursementReversalBlocker(disbursed)).toBeNull();
    expect(disbursementReversalBlocker({ ...disbursed, receiptStates: ['rejected'] })).toBeNull();
  });

  it.each([L.late, L.bailiff, L.court, L.preTrial])('from status %s too', (status) => {
    expect(disbursementReversalBlocker({ ...disbursed, status })).toBeNull();
  });

  it.each([
    ['approved, not disbursed', { status: L.approved, disbursedOn: null }, 'notDisbursed'],
    ['paid', { status: L.paid }, 'notDisbursed'],
    ['rejected', { status: L.rejected, disbursedOn: null }, 'notDisbursed'],
    ['a wallet entry (a credit carried in)', { walletEntries: 1 }, 'moneyApplied'],
    ['a validated receipt', { receiptStates: ['rejected', 'validated'] }, 'moneyApplied'],
    ['a reversed receipt', { receiptStates: ['reversed'] }, 'moneyApplied'],
    ['a pending receipt', { receiptStates: ['pending'] }, 'receiptsWaiting'],
    ['a receipt waiting for approval', { receiptStates: ['awaiting_approval'] }, 'receiptsWaiting'],
  ] as const)('%s: refused (%s)', (_case, change, blocker) => {
    expect(disbursementReversalBlocker({ ...disbursed, ...change })).toBe(blocker);
  });
});
