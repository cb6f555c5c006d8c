import { describe, expect, it } from 'vitest';
import {
  lateFeeLine,
  nextInstalmentView,
  paymentCoverageLines,
  receiptStateText,
} from './borrower-payments.ts';
import { emptySplit } from './payments.ts';
import { INSTALMENT_STATUS } from './servicing.ts';

const instalment = (
  position: number,
  status: number,
  parts: Partial<{
    chargeCents: number;
    administratorFeeCents: number;
    amountCents: number;
    lateFeeCents: number;
    chargeCoveredCents: number;
    amountCoveredCents: number;
  }> = {},
) => ({
  position,
  status,
  dueDate: `2027-0${position}-01`,
  chargeCents: 5000,
  chargeCoveredCents: 0,
  administratorFeeCents: 5000,
  administratorFeeCoveredCents: 0,
  amountCents: 31721,
  amountCoveredCents: 0,
  lateFeeCents: 0,
  lateFeeCoveredCents: 0,
  penaltyFeeCents: 0,
  penaltyCoveredCents: 0,
  ...parts,
});

describe('receiptStateText', () => {
  it('words each state as /plan shows it, the credited amount as the app writes lempiras', () => {
    expect(receiptStateText({ state: 'pending', creditedCents: null, reason: null })).toBe(
      'Pendiente de validar',
    );
    expect(receiptStateText({ state: 'validated', creditedCents: 123450, reason: null })).toBe(
      'Validado por L 1,234.50',
    );
    expect(receiptStateText({ state: 'rejected', creditedCents: null, reason: 'La foto no se lee.' })).toBe(
      'Rechazado: La foto no se lee.',
    );
    expect(receiptStateText({ state: 'reversed', creditedCents: 41721, reason: 'Depósito devuelto' })).toBe(
      'Revertido: Depósito devuelto',
    );
    expect(receiptStateText({ state: 'rejected', creditedCents: null, reason: null })).toBe('Rechazado');
  });
});

describe('paymentCoverageLines', () => {
  it('gives one line per instalment covered, with the parts as the application SMS names them', () => {
    expect(
      paymentCoverageLines([
        { position: 1, covered: { ...emptySplit(), charge: 5000, administratorFee: 5000, amount: 31721 } },
        { position: 2, covered: { ...emptySplit(), lateFee: 10000, charge: 2500 } },
      ]),
    ).toEqual([
      'Cuota 1: recargo por mora L 0.00, intereses L 50.00, gastos administrativos L 50.00 y capital L 317.21',
      'Cuota 2: recargo por mora L 100.00, intereses L 25.00, gastos administrativos L 0.00 y capital L 0.00',
    ]);
  });
});

describe('lateFeeLine', () => {
  it('names a charged late fee on its own line, and nothing without one', () => {
    expect(lateFeeLine({ lateFeeCents: 10000 })).toBe('Recargo por mora: L 100.00');
    expect(lateFeeLine({ lateFeeCents: 0 })).toBeNull();
  });
});

describe('nextInstalmentView', () => {
  const I = INSTALMENT_STATUS;
  it('is the first instalment not paid, with what it still owes and its date', () => {
    expect(
      nextInstalmentView([
        instalment(1, I.paid, { chargeCoveredCents: 5000, amountCoveredCents: 31721 }),
        instalment(2, I.current, { chargeCoveredCents: 1000 }),
        instalment(3, I.next),
      ]),
    ).toEqual({ kind: 'next', amountDueCents: 4000 + 5000 + 31721, dueDate: '2027-02-01' });
  });

  it('is late, with what every late instalment owes (its late fee included), when one is late', () => {
    expect(
      nextInstalmentView([
        instalment(1, I.longLate, { lateFeeCents: 10000 }),
        instalment(2, I.late),
        instalment(3, I.current),
      ]),
    ).toEqual({ kind: 'late', amountDueCents: 2 * 41721 + 10000, instalments: 2 });
  });

  it('is null once everything is paid, or before a schedule exists', () => {
    expect(nextInstalmentView([instalment(1, I.lastPaid, { chargeCoveredCents: 5000 })])).toBeNull();
    expect(nextInstalmentView([])).toBeNull();
  });
});
