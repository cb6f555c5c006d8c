import type { StaffResponseOf } from '@prestamos-hn/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bankStatementLines,
  bankStatements,
  receipts,
  walletEntries,
} from '../src/db/schema/index.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { images } from './support/profile.ts';
import {
  borrowerWithDisbursedLoan,
  paymentStaff,
  sendFirstReceipt,
  sessionNow,
  type Staff,
} from './support/payments.ts';
import { importStatement, statementSample } from './support/reconciliation.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Bank reconciliation (issue 31 point 5) through the staff API: the sample statements of BAC,
// Atlántida and Ficohsa imported with their banks' layouts; credit lines proposed against pending
// receipts by canonical reference, amount and date; a confirmation validating the receipt at the
// cashier's desk with the line's date and amount; one line per receipt and one receipt per line; the
// same file twice adding nothing; a bad file refused in Spanish with nothing stored.

type Detail = StaffResponseOf<'getBankStatement'>;
type Imported = StaffResponseOf<'importBankStatement'>;
type Confirmed = StaffResponseOf<'confirmStatementMatch'>;

let t: TestApp;
let staff: Staff;
let cashier: StaffBrowser;
let supervisor: StaffBrowser;
let analyst: StaffBrowser;

/** Disbursed on Tuesday 1 December 2026 at 09:00; receipts sent on Thursday the 3rd at 09:00. */
const DISBURSED = '2026-12-01T15:00:00Z';
const SENT = '2026-12-03T15:00:00Z';

/** Who sent which receipt: a reference and amount, at the bank the receipt was made at. */
const RECEIPTS = {
  /** '778899' as typed; the BAC statement has '778899.' on 2 December: proposed, value date the 2nd. */
  bac778899: { reference: '778899', amount: '417.21', bank: 2 },
  /** '551234'; the statement has '00551234' (leading zeros dropped). */
  bac551234: { reference: '551234', amount: '417.21', bank: 2 },
  /** The statement's '991100' is L 1,251.63, not L 417.21: neither matched. */
  bac991100: { reference: '991100', amount: '417.21', bank: 2 },
  /** No line at all. */
  bacNoLine: { reference: 'ZZ404', amount: '417.21', bank: 2 },
  /** Atlántida's '4455' on 2 December. */
  atlantida4455: { reference: '4455', amount: '417.21', bank: 1 },
  /** Ficohsa's 'FH-2020' on 2 December. */
  ficohsaFH2020: { reference: 'FH-2020', amount: '417.21', bank: 3 },
} as const;
type Sent = keyof typeof RECEIPTS;
const receiptIds = {} as Record<Sent, number>;
const loanIds = {} as Record<Sent, number>;

beforeAll(async () => {
  t = await createTestApp({ now: DISBURSED });
  staff = await paymentStaff(t);
  const borrowers = [];
  for (const name of Object.keys(RECEIPTS) as Sent[]) {
    t.clock.set(DISBURSED);
    borrowers.push({ name, borrower: await borrowerWithDisbursedLoan(t, staff) });
  }
  t.clock.set(SENT);
  for (const { name, borrower } of borrowers) {
    const sid = await sessionNow(t, borrower.borrowerId);
    const { reference, amount, bank } = RECEIPTS[name];
    receiptIds[name] = await sendFirstReceipt(t, { ...borrower, sid }, reference, amount);
    loanIds[name] = borrower.loanId;
    // Receipts are all 'Enviar comprobante BAC' today; the other banks' are made so here.
    if (bank !== 2) {
      await t.deps.db.update(receipts).set({ bankCode: bank }).where(eq(receipts.id, receiptIds[name]));
    }
  }
  // Logged in on the day of the reconciliation (a session idle for days has ended).
  cashier = (await staffWithRole(t, 'cashier')).browser;
  supervisor = (await staffWithRole(t, 'supervisor')).browser;
  analyst = (await staffWithRole(t, 'analyst')).browser;
  t.clock.set(SENT);
}, 120_000);
afterAll(() => t.close());

const statementIds = {} as Record<'bac' | 'atlantida' | 'ficohsa', number>;

async function detail(id: number): Promise<Detail> {
  const res = await cashier.get(`/bank-statements/${id}`);
  expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as Detail;
}

const lineOf = (d: Detail, reference: string) => d.lines.find((l) => l.reference === reference)!;
const proposalOf = (d: Detail, reference: string) => {
  const line = lineOf(d, reference);
  return d.proposals.find((p) => p.lineId === line.id);
};

const confirm = (statementId: number, lineId: number, body: { receiptId: number; photoSha256: string }) =>
  cashier.post(`/bank-statements/${statementId}/lines/${lineId}/match`, body);

const counts = async () => ({
  statements: Number((await t.deps.db.select({ n: count() }).from(bankStatements))[0]!.n),
  lines: Number((await t.deps.db.select({ n: count() }).from(bankStatementLines))[0]!.n),
});

describe('importing the sample statements', () => {
  it.each([
    [
      'bac',
      2,
      {
        bankName: 'BAC Credomatic',
        firstDate: '2026-12-01',
        lastDate: '2026-12-04',
        linesInFile: 6,
        linesAdded: 6,
        creditsAdded: 3,
        creditCentsAdded: 41_721 * 2 + 125_163,
      },
    ],
    [
      'atlantida',
      1,
      {
        bankName: 'Banco Atlántida',
        firstDate: '2026-12-02',
        lastDate: '2026-12-04',
        linesInFile: 4,
        linesAdded: 4,
        creditsAdded: 2,
        creditCentsAdded: 41_721 + 125_163,
      },
    ],
    [
      'ficohsa',
      3,
      {
        bankName: 'Banco Ficohsa',
        firstDate: '2026-12-02',
        lastDate: '2026-12-04',
        linesInFile: 4,
        linesAdded: 4,
        creditsAdded: 2,
        creditCentsAdded: 41_721 + 125_163,
      },
    ],
  ] as const)('imports %s with its bank’s layout', async (name, bankCode, expected) => {
    const res = await importStatement(cashier, bankCode, statementSample(name), `${name}.csv`);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const answer = res.json as unknown as Imported;
    expect(answer.alreadyImported).toBe(false);
    expect(answer.statement).toMatchObject({
      ...expected,
      bankCode,
      fileName: `${name}.csv`,
      matchedCount: 0,
    });
    statementIds[name] = answer.statement.id;
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'bank_statement.import'), eq(auditLog.entityId, String(answer.statement.id))),
      );
    expect(audit?.after).toMatchObject({ bankCode, linesAdded: expected.linesAdded });
  });

  it('reads every movement: credits positive, debits negative, references as written', async () => {
    const bac = await detail(statementIds.bac);
    expect(bac.lines.map((l) => [l.rowNumber, l.postedOn, l.reference, l.amountCents, l.kind])).toEqual([
      [7, '2026-12-01', 'TRF-DESEMB-0112', -100_000, 'debit'],
      [8, '2026-12-02', '778899.', 41_721, 'credit'],
      [9, '2026-12-02', '00551234', 41_721, 'credit'],
      [10, '2026-12-03', '', -2_500, 'debit'],
      [11, '2026-12-03', '991100', 125_163, 'credit'],
      [12, '2026-12-04', 'ISV-1203', -188, 'debit'],
    ]);
    // Atlántida's file is Windows-1252, as its export writes it.
    const atlantida = await detail(statementIds.atlantida);
    expect(atlantida.lines[0]).toMatchObject({
      description: 'DEPOSITO VENTANILLA AG. CENTRO TEGUCIGALPA',
      amountCents: 41_721,
    });
    expect(atlantida.lines.map((l) => l.amountCents)).toEqual([41_721, -500_000, 125_163, -3_500]);
    const ficohsa = await detail(statementIds.ficohsa);
    expect(ficohsa.lines.map((l) => [l.reference, l.amountCents])).toEqual([
      ['FH-2020', 41_721],
      ['TR99812', -250_000],
      ['0033120', 125_163],
      ['TR99812-C', -1_500],
    ]);
    expect(ficohsa.lines[2]!.description).toBe('DEPOSITO CHEQUE OTRO BANCO, SUC. LA CEIBA');
  });
});

describe('proposals and what is left unmatched', () => {
  it('proposes each credit line with the pending receipt of its bank, canonical reference and amount', async () => {
    const bac = await detail(statementIds.bac);
    expect(bac.window).toEqual({ daysBefore: 3, daysAfter: 5 });
    expect(
      bac.proposals.map((p) => [lineOf(bac, '778899.').id === p.lineId, p.receipt.id, p.valueDate]),
    ).toEqual([
      [true, receiptIds.bac778899, '2026-12-02'],
      [false, receiptIds.bac551234, '2026-12-02'],
    ]);
    expect(proposalOf(bac, '778899.')?.receipt).toMatchObject({
      reference: '778899',
      state: 'pending',
      declaredAmountCents: 41_721,
      sentOn: '2026-12-03',
      loanId: loanIds.bac778899,
    });
    expect(proposalOf(bac, '00551234')?.receipt.id).toBe(receiptIds.bac551234);
    // Only credit lines are matched: the debits are in no list.
    expect(bac.unmatchedLines).toEqual([
      {
        lineId: lineOf(bac, '991100').id,
        reason: 'other_amount',
        reasonLabel: 'Hay un comprobante pendiente con esta referencia, pero por otro monto.',
      },
    ]);
    // The bank's pending receipts not proposed; the other banks' are not here.
    expect(bac.unmatchedReceipts.map((u) => [u.receipt.id, u.reason])).toEqual([
      [receiptIds.bac991100, 'no_line'],
      [receiptIds.bacNoLine, 'no_line'],
    ]);
    expect(bac.unmatchedReceipts[0]!.reasonLabel).toBe(
      'Ninguna línea del estado de cuenta coincide en referencia, monto y fecha.',
    );

    const atlantida = await detail(statementIds.atlantida);
    expect(atlantida.proposals.map((p) => p.receipt.id)).toEqual([receiptIds.atlantida4455]);
    expect(
      atlantida.unmatchedLines.map((u) => [lineOf(atlantida, '000778').id === u.lineId, u.reason]),
    ).toEqual([[true, 'no_receipt']]);
    const ficohsa = await detail(statementIds.ficohsa);
    expect(ficohsa.proposals.map((p) => [p.receipt.id, p.valueDate])).toEqual([
      [receiptIds.ficohsaFH2020, '2026-12-02'],
    ]);
  });

  it('answers the same to a supervisor; an analyst may not see it', async () => {
    const res = await supervisor.get(`/bank-statements/${statementIds.bac}`);
    expect((res.json as unknown as Detail).proposals).toHaveLength(2);
    expectError(
      await analyst.get(`/bank-statements/${statementIds.bac}`),
      403,
      'No tienes permiso para hacer esto.',
    );
  });
});

describe('confirming a match', () => {
  it('validates the receipt at the desk with the line’s amount and date as value date, and ties them', async () => {
    const before = await detail(statementIds.bac);
    const proposal = proposalOf(before, '778899.')!;
    const res = await confirm(statementIds.bac, proposal.lineId, {
      receiptId: proposal.receipt.id,
      photoSha256: proposal.receipt.photoSha256,
    });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const answer = res.json as unknown as Confirmed;
    expect(answer).toMatchObject({
      lineId: proposal.lineId,
      appliesLater: false,
      receipt: {
        id: receiptIds.bac778899,
        state: 'validated',
        stateLabel: 'Validado',
        receivedAmountCents: 41_721,
        valueDate: '2026-12-02',
      },
    });
    const [credit] = await t.deps.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.receiptId, receiptIds.bac778899), eq(walletEntries.kind, 'credit')));
    expect(credit).toMatchObject({ amountCents: 41_721, valueDate: '2026-12-02' });
    // Applied at once (09:00): the first instalment is paid.
    const debits = await t.deps.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.loanId, loanIds.bac778899), eq(walletEntries.kind, 'debit')));
    expect(debits.map((d) => d.amountCents)).toEqual([-41_721]);

    const after = await detail(statementIds.bac);
    expect(lineOf(after, '778899.')).toMatchObject({
      matchedReceipt: { id: receiptIds.bac778899, state: 'validated' },
      matchedBy: expect.any(String),
      matchedAt: '2026-12-03T15:00:00.000Z',
    });
    expect(after.proposals.map((p) => p.receipt.id)).toEqual([receiptIds.bac551234]);
    expect(after.statement.matchedCount).toBe(1);
    const audits = await t.deps.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(
        sql`(${auditLog.entity} = 'bank_statement' and ${auditLog.action} = 'bank_statement.match') or (${auditLog.entity} = 'receipt' and ${auditLog.entityId} = ${String(receiptIds.bac778899)} and ${auditLog.action} = 'receipt.validate')`,
      );
    expect(audits.map((a) => a.action).sort()).toEqual(['bank_statement.match', 'receipt.validate']);
    expect(audits.find((a) => a.action === 'bank_statement.match')?.after).toMatchObject({
      lineId: proposal.lineId,
      receiptId: receiptIds.bac778899,
      valueDate: '2026-12-02',
      receiptState: 'validated',
    });
  });

  it('refuses a photo that changed since the page was loaded, and keeps the line unmatched', async () => {
    const d = await detail(statementIds.bac);
    const proposal = proposalOf(d, '00551234')!;
    const res = await confirm(statementIds.bac, proposal.lineId, {
      receiptId: proposal.receipt.id,
      photoSha256: '0'.repeat(64),
    });
    expectError(
      res,
      409,
      'La foto del comprobante cambió desde que cargaste esta página. Recárgala y revisa el comprobante de nuevo.',
    );
    expect(lineOf(await detail(statementIds.bac), '00551234').matchedReceipt).toBeNull();
    const [receipt] = await t.deps.db.select().from(receipts).where(eq(receipts.id, proposal.receipt.id));
    expect(receipt!.state).toBe('pending');
  });

  it('refuses a receipt that does not match the line', async () => {
    const d = await detail(statementIds.bac);
    const line = lineOf(d, '991100');
    const [receipt] = await t.deps.db.select().from(receipts).where(eq(receipts.id, receiptIds.bac991100));
    expectError(
      await confirm(statementIds.bac, line.id, { receiptId: receipt!.id, photoSha256: receipt!.photoSha256 }),
      409,
      'Este comprobante no coincide con la línea: deben tener la misma referencia y el mismo monto, y la fecha del banco debe estar dentro del plazo del envío.',
    );
    const debit = lineOf(d, 'ISV-1203');
    expectError(
      await confirm(statementIds.bac, debit.id, {
        receiptId: receipt!.id,
        photoSha256: receipt!.photoSha256,
      }),
      400,
      'Solo las líneas de crédito (dinero que entró) se concilian con comprobantes.',
    );
    expectError(
      await confirm(statementIds.atlantida, line.id, {
        receiptId: receipt!.id,
        photoSha256: receipt!.photoSha256,
      }),
      404,
      'No encontramos esa línea en este estado de cuenta.',
    );
  });

  it('ties one line to one receipt and one receipt to one line', async () => {
    const d = await detail(statementIds.bac);
    const matched = lineOf(d, '778899.');
    const open = proposalOf(d, '00551234')!;
    // The matched line, with another receipt.
    expectError(
      await confirm(statementIds.bac, matched.id, {
        receiptId: open.receipt.id,
        photoSha256: open.receipt.photoSha256,
      }),
      409,
      `Esta línea ya está conciliada con el comprobante #${receiptIds.bac778899}.`,
    );
    // The matched receipt, with another line.
    expectError(
      await confirm(statementIds.bac, open.lineId, {
        receiptId: receiptIds.bac778899,
        photoSha256: matched.matchedReceipt!.photoSha256,
      }),
      409,
      `El comprobante #${receiptIds.bac778899} ya no está pendiente (Validado): no se puede conciliar.`,
    );
    // The database says the same whatever the service does: the receipt's id is unique among lines,
    // and only a credit line can hold one.
    const [cashierRow] = await t.deps.db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, matched.id));
    await expect(
      t.deps.db
        .update(bankStatementLines)
        .set({
          matchedReceiptId: receiptIds.bac778899,
          matchedByStaffId: cashierRow!.matchedByStaffId,
          matchedAt: new Date(),
        })
        .where(eq(bankStatementLines.id, open.lineId)),
    ).rejects.toThrow();
    await expect(
      t.deps.db
        .update(bankStatementLines)
        .set({
          matchedReceiptId: receiptIds.bacNoLine,
          matchedByStaffId: cashierRow!.matchedByStaffId,
          matchedAt: new Date(),
        })
        .where(eq(bankStatementLines.id, lineOf(d, 'ISV-1203').id)),
    ).rejects.toThrow();

    // The open proposal still confirms.
    const res = await confirm(statementIds.bac, open.lineId, {
      receiptId: open.receipt.id,
      photoSha256: open.receipt.photoSha256,
    });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect((res.json as unknown as Confirmed).receipt.state).toBe('validated');
  });
});

describe('a receipt tied to a line and pending again', () => {
  it('is proposed with its line again and confirms anew (a validation sent back by a second person)', async () => {
    const header = 'h1\nh2\nh3\nh4\nh5\nFecha,Referencia,Descripción,Débito,Crédito,Saldo\n';
    const imported = await importStatement(
      cashier,
      2,
      Buffer.from(`${header}03/12/2026,ZZ-404,DEPOSITO AGENTE,,417.21,\n`),
      'devuelto.csv',
    );
    const statementId = (imported.json as unknown as Imported).statement.id;
    const first = await detail(statementId);
    const proposal = first.proposals[0]!;
    expect(proposal.receipt.id).toBe(receiptIds.bacNoLine);
    // What a validation that waited as 'Por aprobar' and was sent back leaves: the line tied to a
    // receipt that is pending again.
    const [cashierLine] = await t.deps.db
      .select({ staffId: bankStatementLines.matchedByStaffId })
      .from(bankStatementLines)
      .where(sql`${bankStatementLines.matchedByStaffId} is not null`)
      .limit(1);
    await t.deps.db
      .update(bankStatementLines)
      .set({
        matchedReceiptId: proposal.receipt.id,
        matchedByStaffId: cashierLine!.staffId,
        matchedAt: t.clock.now(),
      })
      .where(eq(bankStatementLines.id, proposal.lineId));
    const tied = await detail(statementId);
    expect(tied.proposals.map((p) => [p.lineId, p.receipt.id, p.receipt.state])).toEqual([
      [proposal.lineId, receiptIds.bacNoLine, 'pending'],
    ]);
    expect(tied.unmatchedReceipts.map((u) => u.receipt.id)).not.toContain(receiptIds.bacNoLine);
    const res = await confirm(statementId, proposal.lineId, {
      receiptId: proposal.receipt.id,
      photoSha256: proposal.receipt.photoSha256,
    });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect((res.json as unknown as Confirmed).receipt).toMatchObject({
      state: 'validated',
      valueDate: '2026-12-03',
    });
  });
});

describe('importing again', () => {
  it('the same file adds nothing and matches nothing twice', async () => {
    const before = await counts();
    const res = await importStatement(cashier, 2, statementSample('bac'), 'bac-otra-vez.csv');
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const answer = res.json as unknown as Imported;
    expect(answer.alreadyImported).toBe(true);
    expect(answer.statement).toMatchObject({ id: statementIds.bac, fileName: 'bac.csv', matchedCount: 2 });
    expect(await counts()).toEqual(before);
    const d = await detail(statementIds.bac);
    expect(d.proposals).toEqual([]);
    for (const name of ['bac778899', 'bac551234'] as const) {
      const credits = await t.deps.db
        .select({ n: count() })
        .from(walletEntries)
        .where(and(eq(walletEntries.receiptId, receiptIds[name]), eq(walletEntries.kind, 'credit')));
      expect(Number(credits[0]!.n)).toBe(1);
    }
  });

  it('an overlapping statement adds only its new movements', async () => {
    const extra = Buffer.concat([
      statementSample('bac'),
      Buffer.from('05/12/2026,445566,DEPOSITO EN EFECTIVO AG. KENNEDY,,200.00,"51,259.17"\r\n'),
    ]);
    const res = await importStatement(cashier, 2, extra, 'bac-semana.csv');
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const answer = res.json as unknown as Imported;
    expect(answer.alreadyImported).toBe(false);
    expect(answer.statement).toMatchObject({
      linesInFile: 7,
      linesAdded: 1,
      creditsAdded: 1,
      creditCentsAdded: 20_000,
      matchedCount: 0,
    });
    const d = await detail(answer.statement.id);
    expect(d.lines.map((l) => l.reference)).toEqual(['445566']);
    expect(d.proposals).toEqual([]);
    expect(d.unmatchedLines.map((u) => u.reason)).toEqual(['no_receipt']);
  });

  it('two identical movements in one file are two lines', async () => {
    const header = 'h1\nh2\nh3\nh4\nh5\nFecha,Referencia,Descripción,Débito,Crédito,Saldo\n';
    const row = '06/12/2026,DUP-1,DEPOSITO,,10.00,\n';
    const res = await importStatement(cashier, 2, Buffer.from(header + row + row), 'dobles.csv');
    expect((res.json as unknown as Imported).statement).toMatchObject({ linesInFile: 2, linesAdded: 2 });
  });
});

describe('a file that cannot be read', () => {
  it.each([
    [
      'a date that is not one',
      2,
      Buffer.from(
        statementSample('bac').toString('utf8').replace('02/12/2026,00551234', '31/11/2026,00551234'),
      ),
      'No importamos el estado de cuenta: Línea 9: la fecha no es válida.',
      'file',
    ],
    [
      'an amount with three decimals',
      1,
      Buffer.from('a\nb\nFecha;Descripción;Doc;Monto\n07-12-2026;DEP;1;417,215\n07-12-2026;DEP;2;x\n'),
      'No importamos el estado de cuenta: Línea 4: el monto no es válido. Línea 5: el monto no es válido.',
      'file',
    ],
    [
      'a photo instead of the CSV',
      2,
      images.png,
      'El archivo no es un CSV de texto: exporta el estado de cuenta del banco como CSV (valores separados por comas).',
      'file',
    ],
    ['an empty file', 2, Buffer.alloc(0), 'El archivo está vacío.', 'file'],
    [
      'a bank without a layout',
      4,
      statementSample('bac'),
      'Este banco no tiene un formato de estado de cuenta guardado: guárdalo primero en «Formatos de los bancos».',
      'bankCode',
    ],
    [
      'no file',
      2,
      undefined,
      'Elige el archivo del estado de cuenta (CSV) que exportaste del banco.',
      'file',
    ],
  ] as const)('is refused in Spanish, storing nothing: %s', async (_, bankCode, data, message, field) => {
    const before = await counts();
    const res = await importStatement(cashier, bankCode, data);
    expectError(res, 400, message);
    expect((res.json as { error: { field?: string } }).error.field).toBe(field);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file over the upload limit before reading it all', async () => {
    const res = await importStatement(cashier, 2, Buffer.alloc(t.config.uploads.maxBytes + 1, 'a'));
    expectError(res, 400, 'El archivo es demasiado grande.');
  });

  it('refuses a multipart body on a row that takes JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/bank-statements/${statementIds.bac}/lines/1/match`,
      headers: {
        cookie: [...cashier.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': cashier.csrfToken!,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="receiptId"\r\n\r\n1\r\n--x--\r\n',
      remoteAddress: cashier.ip,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'malformed', message: 'La solicitud no tiene el formato esperado.' },
    });
  });
});

describe('the banks’ layouts', () => {
  it('lists the three shipped layouts with their banks', async () => {
    const res = await cashier.get('/bank-statement-layouts');
    const answer = res.json as unknown as StaffResponseOf<'listBankStatementLayouts'>;
    expect(answer.items.map((l) => [l.bankCode, l.bankName, l.amountMode, l.updatedBy])).toEqual([
      [1, 'Banco Atlántida', 'signed', null],
      [2, 'BAC Credomatic', 'split', null],
      [3, 'Banco Ficohsa', 'split', null],
    ]);
    expect(answer.banks.map((b) => b.code)).toContain(4);
  });

  it('saves a new bank’s layout (audited), and its statements import with it', async () => {
    const layout = {
      delimiter: '\t',
      skipRows: 1,
      dateColumn: 1,
      referenceColumn: 2,
      descriptionColumn: 3,
      amountMode: 'signed',
      amountColumn: 4,
      creditColumn: 9,
      debitColumn: null,
      dateFormat: 'yyyy-mm-dd',
      decimalSeparator: '.',
      thousandsSeparator: '',
    } as const;
    const res = await cashier.patch('/bank-statement-layouts/4', layout);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const saved = (res.json as unknown as StaffResponseOf<'saveBankStatementLayout'>).layout;
    // The columns the mode does not use are not kept.
    expect(saved).toMatchObject({
      bankCode: 4,
      creditColumn: null,
      amountColumn: 4,
      updatedBy: expect.any(String),
    });
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bank_statement_layout.save'), eq(auditLog.entityId, '4')));
    expect(audit).toMatchObject({ before: null, after: { delimiter: '\t', amountColumn: 4 } });
    const imported = await importStatement(
      cashier,
      4,
      Buffer.from('Fecha\tReferencia\tDetalle\tMonto\n2026-12-07\tX-1\tDEPOSITO\t1234.50\n'),
    );
    expect((imported.json as unknown as Imported).statement).toMatchObject({ creditCentsAdded: 123_450 });
  });

  it.each([
    [
      { thousandsSeparator: '.', decimalSeparator: '.' },
      'thousandsSeparator',
      'El separador de miles no puede ser el mismo que el decimal.',
    ],
    [{ referenceColumn: 1 }, 'dateColumn', 'Cada dato debe estar en una columna distinta.'],
    [
      { amountMode: 'split', amountColumn: null, creditColumn: 5, debitColumn: null },
      'debitColumn',
      'La columna de los débitos debe ser un número del 1 al 50.',
    ],
    [{ dateColumn: 0 }, 'dateColumn', 'La columna de la fecha debe ser un número del 1 al 50.'],
  ])('refuses %j in Spanish, naming the field', async (change, field, message) => {
    const layout = {
      delimiter: ',',
      skipRows: 0,
      dateColumn: 1,
      referenceColumn: 2,
      descriptionColumn: 3,
      amountMode: 'signed',
      amountColumn: 4,
      creditColumn: null,
      debitColumn: null,
      dateFormat: 'dd/mm/yyyy',
      decimalSeparator: ',',
      thousandsSeparator: '.',
      ...change,
    };
    const res = await cashier.patch('/bank-statement-layouts/5', layout);
    expectError(res, 400, message);
    expect((res.json as { error: { field?: string } }).error.field).toBe(field);
  });

  it('refuses a bank that does not exist', async () => {
    const res = await cashier.patch('/bank-statement-layouts/999', {
      delimiter: ',',
      skipRows: 0,
      dateColumn: 1,
      referenceColumn: 2,
      descriptionColumn: 3,
      amountMode: 'signed',
      amountColumn: 4,
      creditColumn: null,
      debitColumn: null,
      dateFormat: 'dd/mm/yyyy',
      decimalSeparator: '.',
      thousandsSeparator: ',',
    });
    expectError(res, 404, 'No encontramos ese banco.');
  });
});

describe('the API description', () => {
  it('describes the import as a multipart upload with the bank and the file', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const upload = document.paths['/api/backoffice/bank-statements']!.post!.requestBody!.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    expect(upload['multipart/form-data']!.schema).toMatchObject({
      properties: { bankCode: {}, file: { type: 'string' } },
      required: ['bankCode', 'file'],
    });
  });
});

describe('the list of statements', () => {
  it('lists them newest first with their counts', async () => {
    const res = await cashier.get('/bank-statements?pageSize=100');
    const answer = res.json as unknown as StaffResponseOf<'listBankStatements'>;
    expect(answer.total).toBe(answer.items.length);
    const bac = answer.items.find((s) => s.id === statementIds.bac)!;
    expect(bac).toMatchObject({
      bankName: 'BAC Credomatic',
      matchedCount: 2,
      importedBy: expect.any(String),
    });
    const ids = answer.items.map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);
describe.runIf(onPostgres)('races on PostgreSQL', () => {
  it('20 concurrent confirmations of one line: one wins, the receipt is credited once', async () => {
    const d = await detail(statementIds.ficohsa);
    const [proposal] = d.proposals;
    expect(proposal).toBeDefined();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        cashier.post(`/bank-statements/${statementIds.ficohsa}/lines/${proposal!.lineId}/match`, {
          receiptId: proposal!.receipt.id,
          photoSha256: proposal!.receipt.photoSha256,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const credits = await t.deps.db
      .select({ n: count() })
      .from(walletEntries)
      .where(and(eq(walletEntries.receiptId, proposal!.receipt.id), eq(walletEntries.kind, 'credit')));
    expect(Number(credits[0]!.n)).toBe(1);
  });

  it('20 concurrent imports of one file: one statement', async () => {
    const file = Buffer.from('a\nb\nFecha;Descripción;Doc;Monto\n08-12-2026;DEP;CARRERA-1;10,00\n');
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 20 }, () => importStatement(cashier, 1, file)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => !(a.json as unknown as Imported).alreadyImported)).toHaveLength(1);
    expect(new Set(answers.map((a) => (a.json as unknown as Imported).statement.id)).size).toBe(1);
    expect(await counts()).toEqual({ statements: before.statements + 1, lines: before.lines + 1 });
  });
});
