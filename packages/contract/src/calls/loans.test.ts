import { quoteLoan } from '@prestamos-hn/domain';
import { describe, expect, it } from 'vitest';
import { fromWireQuote, invoice, toWireQuote } from './loans.ts';

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
