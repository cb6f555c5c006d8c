import { quoteLoan, type Instalment, type LoanProductOffer } from '@prestamos-hn/domain';
import { describe, expect, it } from 'vitest';
import {
  fromWireApplicationProfile,
  fromWireInstalment,
  fromWireQuote,
  toWireApplicationProfile,
  toWireInstalment,
  toWireQuote,
} from './loans-wire.ts';
import { applicationProfile, documentEvidence, invoice, scheduleItem } from './loans.ts';

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

describe('toWireApplicationProfile and fromWireApplicationProfile', () => {
  const offer: LoanProductOffer = {
    products: [
      {
        id: 1,
        period: 'semanal',
        name: 'Préstamo semanal',
        description: 'Pagos cada semana.',
        minAmountCents: 50_000,
        maxAmountCents: 300_000,
        minDays: 7,
        maxDays: 28,
        annualRatePct: 73.55,
        feeType: 'fixed',
        feeValue: 2_575,
      },
      {
        id: 3,
        period: 'mensual',
        name: 'Préstamo mensual',
        description: 'Pagos cada mes.',
        minAmountCents: 100_000,
        maxAmountCents: 1_000_000,
        minDays: 30,
        maxDays: 90,
        annualRatePct: 60,
        feeType: 'percent',
        feeValue: 5,
      },
    ],
    allowedProductIds: [3],
  };

  it('answers the SPEC names in lempiras, in the order getApplicationProfilev2.php always has', () => {
    const wire = toWireApplicationProfile(offer);
    expect(JSON.stringify(wire)).toBe(
      '{"Products":[{"ProCod":1,"ProTip":"semanal","ProNom":"Préstamo semanal","ProDsc":"Pagos cada semana."},' +
        '{"ProCod":3,"ProTip":"mensual","ProNom":"Préstamo mensual","ProDsc":"Pagos cada mes."}],"Products_r":[3],' +
        '"PriceList":{"data":{"pricelistData":[{"ProCod":1,"PriMntDes":500,"PriMntHas":3000,"PriTerDes":7,' +
        '"PriTerHas":28,"PriInt":73.55,"PriCuoTip":"Cantidad fija","PriCuo":25.75},{"ProCod":3,"PriMntDes":1000,' +
        '"PriMntHas":10000,"PriTerDes":30,"PriTerHas":90,"PriInt":60,"PriCuoTip":"Porcentaje del importe mensual",' +
        '"PriCuo":5}]}}}',
    );
    expect(applicationProfile.parse(wire)).toEqual(wire);
  });

  it('reads the wire back as the same products', () => {
    expect(fromWireApplicationProfile(toWireApplicationProfile(offer))).toEqual(offer);
  });

  it('leaves out a product without a price list', () => {
    const wire = toWireApplicationProfile(offer);
    wire.PriceList.data.pricelistData.shift();
    expect(fromWireApplicationProfile(wire).products.map((product) => product.id)).toEqual([3]);
  });
});

describe('documentEvidence', () => {
  it("hashes each preview's HTML as received, UTF-8, as the server hashes what it stores", async () => {
    const contract = {
      document_template: '<h2>CONTRATO DE PRÉSTAMO</h2><p>L 1,000.00 — «año»</p>',
      title: 'Contrato',
      version: 3,
    };
    const promissoryNote = { document_template: '<h2>PAGARÉ</h2>', title: 'Pagaré', version: 7 };
    // As `sha256sum` hashes the same text written out in UTF-8.
    expect(await documentEvidence(contract, promissoryNote)).toEqual({
      contractVersion: 3,
      contractSha256: '88c8813c4a2bf5f246346ba56920084a867b6c73851b20d3d154a94f6406a937',
      promissoryNoteVersion: 7,
      promissoryNoteSha256: '9f7e847411303bd18c5515e4f5cc041a024563f8a014bf73ce4759a03dffc726',
    });
  });
});
