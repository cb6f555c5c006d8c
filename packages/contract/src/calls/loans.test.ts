import { quoteLoan, type Instalment } from '@prestamos-hn/domain';
import { describe, expect, it } from 'vitest';
import {
  fromWireInstalment,
  fromWireQuote,
  invoice,
  scheduleItem,
  toWireInstalment,
  toWireQuote,
} from './loans.ts';

// The decision record's example (docs/decisions/007-loan-quote.md): L 1,000 over 90 days, monthly.
const quote = quoteLoan({
  amountCents: 100_000,
  termDays: 90,
  period: 'mensual',
  annualRatePct: 60,
  feeType: 'percent',
  feeValue: 5,
  startDate: '2027-01-01',
});

describe('toWireQuote and fromWireQuote', () => {
  it('answers the SPEC names in lempiras, in the SPEC order, as getFactura.php always has', () => {
    const wire = toWireQuote(quote);
    expect(JSON.stringify(wire)).toBe(
      '{"cantidadSolicitada":1000,"intereses":101.63,"gastosAdministrativos":150,"totalAPagar":1251.63,' +
        '"pagosARealizar":3,"pagos":[{"fechaDePago":"2027-01-31","cantidad":417.21},' +
        '{"fechaDePago":"2027-03-02","cantidad":417.21},{"fechaDePago":"2027-04-01","cantidad":417.21}]}',
    );
    expect(invoice.parse(wire)).toEqual(wire);
  });

  it('reads the wire back as the summary of the quote, in centavos', () => {
    expect(fromWireQuote(toWireQuote(quote))).toEqual({
      amountCents: 100_000,
      interestCents: 10_163,
      feesCents: 15_000,
      totalCents: 125_163,
      payments: [
        { dueDate: '2027-01-31', totalCents: 41_721 },
        { dueDate: '2027-03-02', totalCents: 41_721 },
        { dueDate: '2027-04-01', totalCents: 41_721 },
      ],
    });
  });
});

describe('toWireInstalment and fromWireInstalment', () => {
  // The second instalment of the example, partly paid and a day late.
  const instalment: Instalment = {
    id: 17,
    loanId: 7,
    position: 2,
    dueDate: '2027-01-21',
    status: 3,
    chargeCents: 3_414,
    chargeCoveredCents: 3_279,
    administratorFeeCents: 5_000,
    administratorFeeCoveredCents: 0,
    amountCents: 33_307,
    amountCoveredCents: 0,
    lateFeeCents: 10_000,
    lateFeeCoveredCents: 0,
    penaltyFeeCents: 0,
    penaltyCoveredCents: 0,
  };

  it('answers the SPEC names in lempiras, in the order getBorrowerRepaymentSchedule.php always has', () => {
    const wire = toWireInstalment(instalment);
    expect(JSON.stringify(wire)).toBe(
      '{"id":17,"container_id":7,"schedule_position":2,"schedule_date":"2027-01-21","status":3,' +
        '"charge":34.14,"charge_covered":32.79,"administrator_fee":50,"administrator_fee_covered":0,' +
        '"amount":333.07,"amount_covered":0,"late_fee":100,"late_fee_covered":0,"penalty_fee":0,"penalty_covered":0}',
    );
    expect(scheduleItem.parse(wire)).toEqual(wire);
  });

  it('reads the wire back as the same instalment', () => {
    expect(fromWireInstalment(toWireInstalment(instalment))).toEqual(instalment);
  });

  it('answers only the instalment, whatever else the row it is given holds', () => {
    const row = { ...instalment, createdAt: new Date(0), lateFeeChargedOn: null };
    expect(Object.keys(toWireInstalment(row))).toEqual(Object.keys(toWireInstalment(instalment)));
  });
});
