import { describe, expect, it } from 'vitest';
import {
  historyLoanTitle,
  instalmentPositionLabel,
  instalmentToPay,
  isHistoryLoanNavigable,
  isInstalmentPaid,
  isLoanAwaitingClosure,
  paidInstalmentCount,
  paymentsProgressLabel,
  selectPlanLoan,
  sortNewestFirst,
} from './loan-plan.ts';

describe('selectPlanLoan', () => {
  const loans = [
    { container_id: '10', status: 4 },
    { container_id: '11', status: 2 },
    { container_id: '12', status: '8' },
    { container_id: '13', status: 3 },
  ];

  it.each<[number | string | null | undefined, string | undefined]>([
    [undefined, '12'],
    [null, '12'],
    ['', '12'],
    ['10', '10'],
    [13, '13'],
    ['99', undefined],
  ])('with id %j picks %j', (id, picked) => {
    expect(selectPlanLoan(loans, id)?.container_id).toBe(picked);
  });

  it('finds nothing without an active loan', () => {
    expect(selectPlanLoan([{ container_id: 1, status: 4 }])).toBeUndefined();
  });
});

describe('instalments', () => {
  it.each<[number | string, boolean]>([
    [0, false],
    [1, true],
    [2, false],
    [3, false],
    [4, false],
    [5, false],
    [6, true],
    ['6', true],
  ])('status %j paid: %s', (status, paid) => {
    expect(isInstalmentPaid(status)).toBe(paid);
  });

  it('sends the receipt against the first instalment not paid', () => {
    const items = [
      { id: 'a', status: 1 },
      { id: 'b', status: 6 },
      { id: 'c', status: 3 },
      { id: 'd', status: 0 },
    ];
    expect(instalmentToPay(items)?.id).toBe('c');
    expect(paidInstalmentCount(items)).toBe(2);
    expect(instalmentToPay([{ status: 1 }])).toBeUndefined();
  });

  it('labels progress and positions', () => {
    expect(paymentsProgressLabel(2, 6)).toBe('Pagos 2 / 6');
    expect(instalmentPositionLabel(3, 6)).toBe('Pago 3/6');
  });
});

describe('wallet and history', () => {
  it.each<[number | string, number | string, boolean]>([
    [1251.63, 1251.63, true],
    ['1251.64', 1251.63, true],
    [1251.62, '1251.63', false],
    [0, 0, true],
  ])('wallet %j against debt %j awaits closure: %s', (wallet, debt, closing) => {
    expect(isLoanAwaitingClosure(wallet, debt)).toBe(closing);
  });

  it.each<[number | string, boolean]>([
    [0, true],
    [2, false],
    [3, true],
    [4, false],
    ['4', false],
  ])('history loan with status %j navigable: %s', (status, navigable) => {
    expect(isHistoryLoanNavigable(status)).toBe(navigable);
  });

  it('sorts loans newest first and titles them', () => {
    const sorted = sortNewestFirst([
      { created: '2026-01-05 10:00:00' },
      { created: '2026-03-01 09:00:00' },
      { created: '2026-01-05 11:00:00' },
    ]);
    expect(sorted.map((loan) => loan.created)).toEqual([
      '2026-03-01 09:00:00',
      '2026-01-05 11:00:00',
      '2026-01-05 10:00:00',
    ]);
    expect(historyLoanTitle('5000.00')).toBe('Préstamo de L. 5000.00');
  });
});
