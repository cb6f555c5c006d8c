import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isMatchCandidate,
  isWithinReconciliationWindow,
  matchStatementLines,
  parseBankStatement,
  parseCsv,
  parseStatementAmount,
  parseStatementDate,
  RECONCILIATION_WINDOW,
  reconciledValueDate,
  statementLayoutProblems,
  statementLineKey,
  statementRefusal,
  type BankStatementLayout,
  type ReconcilableLine,
  type ReconcilableReceipt,
} from './bank-statements.ts';
import { formatCents } from './money.ts';

const BAC: BankStatementLayout = {
  delimiter: ',',
  skipRows: 2,
  dateColumn: 1,
  referenceColumn: 2,
  descriptionColumn: 3,
  amountMode: 'split',
  amountColumn: null,
  creditColumn: 5,
  debitColumn: 4,
  dateFormat: 'dd/mm/yyyy',
  decimalSeparator: '.',
  thousandsSeparator: ',',
};

const ATLANTIDA: BankStatementLayout = {
  delimiter: ';',
  skipRows: 1,
  dateColumn: 1,
  referenceColumn: 3,
  descriptionColumn: 2,
  amountMode: 'signed',
  amountColumn: 4,
  creditColumn: null,
  debitColumn: null,
  dateFormat: 'dd-mm-yyyy',
  decimalSeparator: ',',
  thousandsSeparator: '.',
};

describe('parseCsv', () => {
  it.each([
    ['a,b,c', [['a', 'b', 'c']]],
    [
      'a,b\r\nc,d\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'a,b\nc,d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'a,b\rc,d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['"1,234.50",x', [['1,234.50', 'x']]],
    ['"dijo ""hola""",y', [['dijo "hola"', 'y']]],
    ['"dos\nlíneas",z', [['dos\nlíneas', 'z']]],
    ['a,,c,', [['a', '', 'c', '']]],
    ['ab"c,d', [['ab"c', 'd']]],
    ['a\n\nb', [['a'], [''], ['b']]],
  ])('%j', (text, cells) => {
    const parsed = parseCsv(text, ',');
    expect(parsed.error).toBeUndefined();
    expect(parsed.rows.map((r) => r.cells)).toEqual(cells);
  });

  it('numbers rows as the file’s lines, blank ones included', () => {
    expect(parseCsv('a\n\nb\nc', ',').rows.map((r) => r.row)).toEqual([1, 2, 3, 4]);
  });

  it('reads semicolons and tabs', () => {
    expect(parseCsv('a;"b;c"\td', ';').rows[0]!.cells).toEqual(['a', 'b;c\td']);
    expect(parseCsv('a\tb', '\t').rows[0]!.cells).toEqual(['a', 'b']);
  });

  it('names the row where a quote was left open', () => {
    expect(parseCsv('a,b\nc,"d\ne', ',').error).toEqual({ row: 2, message: 'hay comillas sin cerrar' });
  });
});

describe('parseStatementDate', () => {
  it.each([
    ['02/12/2026', 'dd/mm/yyyy', '2026-12-02'],
    ['2/1/2027', 'dd/mm/yyyy', '2027-01-02'],
    ['12/02/2026', 'mm/dd/yyyy', '2026-12-02'],
    ['2026-12-02', 'yyyy-mm-dd', '2026-12-02'],
    ['02-12-2026', 'dd-mm-yyyy', '2026-12-02'],
    [' 02/12/2026 14:35:10 ', 'dd/mm/yyyy', '2026-12-02'],
    ['02/12/2026 2:35 p. m.', 'dd/mm/yyyy', '2026-12-02'],
    ['31/02/2026', 'dd/mm/yyyy', null],
    ['2026-12-02', 'dd/mm/yyyy', null],
    ['02/12/26', 'dd/mm/yyyy', null],
    ['13/13/2026', 'mm/dd/yyyy', null],
    ['', 'dd/mm/yyyy', null],
  ] as const)('%j as %s is %s', (text, format, expected) => {
    expect(parseStatementDate(text, format)).toBe(expected);
  });
});

describe('parseStatementAmount', () => {
  it.each([
    ['417.21', '.', ',', 41_721],
    ['1,251.63', '.', ',', 125_163],
    ['1251.63', '.', ',', 125_163],
    ['1.251,63', ',', '.', 125_163],
    ['1 251,63', ',', ' ', 125_163],
    ['1\u00a0251,63', ',', ' ', 125_163],
    ['1251,63', ',', '', 125_163],
    ['-350,00', ',', '.', -35_000],
    ['(1,234.50)', '.', ',', -123_450],
    ['1,234.50-', '.', ',', -123_450],
    ['L 417.21', '.', ',', 41_721],
    ['L. 1,000.00', '.', ',', 100_000],
    ['-L 50.00', '.', ',', -5_000],
    ['HNL 50', '.', ',', 5_000],
    ['Lps. 0.5', '.', ',', 50],
    ['+12.3', '.', ',', 1_230],
    ['0.10', '.', ',', 10],
    ['0.00', '.', ',', 0],
    ['417.215', '.', ',', null],
    ['417,21', '.', ',', null],
    ['1,25.00', '.', ',', null],
    ['1.251,63', '.', ',', null],
    ['abc', '.', ',', null],
    ['', '.', ',', null],
    ['1e3', '.', ',', null],
    ['99999999999999.00', '.', ',', null],
  ] as const)('%j (decimal %j, thousands %j) is %s', (text, decimal, thousands, expected) => {
    expect(parseStatementAmount(text, decimal, thousands)).toBe(expected);
  });

  it('reads back every amount it writes, to the centavo', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const text = formatCents(cents);
        expect(parseStatementAmount(text, '.', ',')).toBe(cents);
        const european = text.replace(/,/g, ' ').replace('.', ',').replace(/ /g, '.');
        expect(parseStatementAmount(european, ',', '.')).toBe(cents);
      }),
    );
  });
});

describe('statementLayoutProblems', () => {
  it('has none for a sound layout', () => {
    expect(statementLayoutProblems(BAC)).toEqual([]);
    expect(statementLayoutProblems(ATLANTIDA)).toEqual([]);
  });

  it.each([
    [{ dateColumn: 0 }, 'dateColumn', 'La columna de la fecha debe ser un número del 1 al 50.'],
    [
      { referenceColumn: 51 },
      'referenceColumn',
      'La columna de la referencia debe ser un número del 1 al 50.',
    ],
    [{ creditColumn: null }, 'creditColumn', 'La columna de los créditos debe ser un número del 1 al 50.'],
    [{ debitColumn: 2 }, 'dateColumn', 'Cada dato debe estar en una columna distinta.'],
    [{ skipRows: -1 }, 'skipRows', 'Las filas de encabezado deben ser un número del 0 al 50.'],
    [
      { thousandsSeparator: '.' },
      'thousandsSeparator',
      'El separador de miles no puede ser el mismo que el decimal.',
    ],
    [{ delimiter: '|' }, 'delimiter', 'Elige el separador de columnas: coma, punto y coma o tabulador.'],
    [{ dateFormat: 'yyyy/mm/dd' }, 'dateFormat', 'Elige el formato de la fecha.'],
    [{ amountMode: 'signed' }, 'amountColumn', 'La columna del monto debe ser un número del 1 al 50.'],
  ] as const)('%j: %s', (change, field, message) => {
    const problems = statementLayoutProblems({ ...BAC, ...change } as BankStatementLayout);
    expect(problems).toContainEqual({ field, message });
  });
});

const BAC_TEXT = [
  'Estado de cuenta BAC Credomatic,,,,,',
  'Fecha,Referencia,Descripción,Débitos,Créditos,Saldo',
  '02/12/2026,778899.,DEPOSITO EFECTIVO,,417.21,"10,417.21"',
  '02/12/2026,CH-1001,CHEQUE PAGADO,"1,500.00",,"8,917.21"',
  '',
  '03/12/2026,000123,"DEPOSITO, AGENCIA",,"1,251.63","10,168.84"',
  '03/12/2026,000123,"DEPOSITO, AGENCIA",,"1,251.63","11,420.47"',
].join('\r\n');

describe('parseBankStatement', () => {
  it('reads credits and debits, skipping the header rows and blank rows', () => {
    const parsed = parseBankStatement(`\uFEFF${BAC_TEXT}\r\n`, BAC);
    expect(parsed).toEqual({
      ok: true,
      lines: [
        {
          row: 3,
          postedOn: '2026-12-02',
          reference: '778899.',
          canonicalReference: '778899',
          amountCents: 41_721,
          description: 'DEPOSITO EFECTIVO',
          occurrence: 1,
        },
        {
          row: 4,
          postedOn: '2026-12-02',
          reference: 'CH-1001',
          canonicalReference: 'CH1001',
          amountCents: -150_000,
          description: 'CHEQUE PAGADO',
          occurrence: 1,
        },
        {
          row: 6,
          postedOn: '2026-12-03',
          reference: '000123',
          canonicalReference: '123',
          amountCents: 125_163,
          description: 'DEPOSITO, AGENCIA',
          occurrence: 1,
        },
        {
          row: 7,
          postedOn: '2026-12-03',
          reference: '000123',
          canonicalReference: '123',
          amountCents: 125_163,
          description: 'DEPOSITO, AGENCIA',
          occurrence: 2,
        },
      ],
    });
  });

  it('reads a signed amount column with decimal commas: a negative amount is a debit', () => {
    const text =
      'Fecha;Descripción;Documento;Monto;Saldo\n05-12-2026;DEP. VENTANILLA;4455;1.251,63;9.000,00\n05-12-2026;COMISION;;-35,00;8.965,00';
    const parsed = parseBankStatement(text, ATLANTIDA);
    expect(parsed.ok && parsed.lines.map((l) => [l.postedOn, l.reference, l.amountCents])).toEqual([
      ['2026-12-05', '4455', 125_163],
      ['2026-12-05', '', -3_500],
    ]);
  });

  it('refuses the whole file with one Spanish error per row that cannot be read', () => {
    const text = [
      'x',
      'Fecha,Referencia,Descripción,Débitos,Créditos',
      '02/12/2026,1,ok,,10.00',
      '31/02/2026,2,fecha mala,,10.00',
      '03/12/2026,3,monto malo,,10.001',
      '03/12/2026,4,ambos,5.00,10.00',
      '03/12/2026,5,ninguno,,',
      '03/12/2026,6,corta',
      '03/12/2026,7,negativo,,-10.00',
      '03/12/2026,8,ceros,0.00,0.00',
    ].join('\n');
    expect(parseBankStatement(text, BAC)).toEqual({
      ok: false,
      errors: [
        'Línea 4: la fecha no es válida.',
        'Línea 5: el crédito no es válido.',
        'Línea 6: tiene crédito y débito a la vez.',
        'Línea 7: no tiene ni crédito ni débito.',
        'Línea 8: faltan columnas (se esperaban al menos 5).',
        'Línea 9: el crédito no puede ser negativo.',
        'Línea 10: no tiene ni crédito ni débito.',
      ],
    });
  });

  it.each([
    [
      'only headers',
      'a\nb\n',
      ['El archivo no tiene movimientos: revisa que sea el estado de cuenta de este banco.'],
    ],
    ['a quote left open', 'a\nb\n02/12/2026,"1,x,,1.00', ['Línea 3: hay comillas sin cerrar.']],
    ['a zero amount', 'h\n05-12-2026;x;1;0,00', ['Línea 2: el monto no puede ser cero.']],
    ['a NUL', 'h\n05-12-2026;x\u0000;1;1,00', ['Línea 2: tiene caracteres no válidos.']],
    ['a bad amount', 'h\n05-12-2026;x;1;1.2.3', ['Línea 2: el monto no es válido.']],
    [
      'a long reference',
      `h\n05-12-2026;x;${'9'.repeat(101)};1,00`,
      ['Línea 2: la referencia tiene más de 100 caracteres.'],
    ],
  ])('refuses %s', (_, text, errors) => {
    const layout = text.includes(';') ? ATLANTIDA : BAC;
    expect(parseBankStatement(text, layout)).toEqual({ ok: false, errors });
  });

  it('refuses more than 5,000 movements', () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `05-12-2026;x;${i};1,00`);
    expect(parseBankStatement(['h', ...rows].join('\n'), ATLANTIDA)).toEqual({
      ok: false,
      errors: ['El archivo tiene más de 5,000 movimientos; impórtalo en partes.'],
    });
  });
});

describe('statementRefusal', () => {
  it('names the first ten errors and counts the rest', () => {
    const errors = Array.from({ length: 12 }, (_, i) => `Línea ${i + 2}: la fecha no es válida.`);
    const message = statementRefusal(errors);
    expect(message).toMatch(/^No importamos el estado de cuenta: Línea 2: la fecha no es válida\. /);
    expect(message).toContain('Línea 11: la fecha no es válida.');
    expect(message).not.toContain('Línea 12:');
    expect(message.endsWith(' Y 2 errores más.')).toBe(true);
    expect(statementRefusal(['Línea 4: la fecha no es válida.'])).toBe(
      'No importamos el estado de cuenta: Línea 4: la fecha no es válida.',
    );
  });
});

describe('statementLineKey', () => {
  it('differs by occurrence, so two identical rows are two movements', () => {
    const line = {
      postedOn: '2026-12-03',
      reference: '1',
      amountCents: 100,
      description: 'x',
      occurrence: 1,
    };
    expect(statementLineKey(line)).not.toBe(statementLineKey({ ...line, occurrence: 2 }));
    expect(statementLineKey(line)).toBe(statementLineKey({ ...line }));
  });
});

describe('the reconciliation window', () => {
  it('runs from 3 days before the day sent to 5 days after it', () => {
    expect(RECONCILIATION_WINDOW).toEqual({ daysBefore: 3, daysAfter: 5 });
    const sentOn = '2026-12-10';
    expect(isWithinReconciliationWindow('2026-12-06', sentOn)).toBe(false);
    expect(isWithinReconciliationWindow('2026-12-07', sentOn)).toBe(true);
    expect(isWithinReconciliationWindow('2026-12-15', sentOn)).toBe(true);
    expect(isWithinReconciliationWindow('2026-12-16', sentOn)).toBe(false);
  });

  it('dates the money on the bank’s day, never after the day the receipt was sent', () => {
    expect(reconciledValueDate('2026-12-08', '2026-12-10')).toBe('2026-12-08');
    expect(reconciledValueDate('2026-12-10', '2026-12-10')).toBe('2026-12-10');
    expect(reconciledValueDate('2026-12-14', '2026-12-10')).toBe('2026-12-10');
  });
});

const line = (id: number, over: Partial<ReconcilableLine> = {}): ReconcilableLine => ({
  id,
  postedOn: '2026-12-09',
  canonicalReference: `R${id}`,
  amountCents: 41_721,
  ...over,
});
const receipt = (id: number, over: Partial<ReconcilableReceipt> = {}): ReconcilableReceipt => ({
  id,
  canonicalReference: `R${id - 100}`,
  declaredAmountCents: 41_721,
  sentOn: '2026-12-10',
  disbursedOn: '2026-11-22',
  ...over,
});

describe('matchStatementLines', () => {
  it('proposes one line with one receipt by canonical reference, amount and date', () => {
    const matching = matchStatementLines(
      [line(1, { canonicalReference: '778899' }), line(2)],
      [receipt(101, { canonicalReference: '778899' }), receipt(102)],
    );
    expect(matching).toEqual({
      proposals: [
        { lineId: 1, receiptId: 101, valueDate: '2026-12-09' },
        { lineId: 2, receiptId: 102, valueDate: '2026-12-09' },
      ],
      unmatchedLines: [],
      unmatchedReceipts: [],
    });
  });

  it('says why a line has no receipt', () => {
    const matching = matchStatementLines(
      [
        line(1, { canonicalReference: '' }),
        line(2),
        line(3, { amountCents: 41_700 }),
        line(4, { postedOn: '2026-12-16' }),
        line(5, { postedOn: '2026-11-21' }),
      ],
      [receipt(103), receipt(104), receipt(105, { sentOn: '2026-11-23', disbursedOn: '2026-11-22' })],
    );
    expect(matching.proposals).toEqual([]);
    expect(matching.unmatchedLines).toEqual([
      { lineId: 1, reason: 'no_reference' },
      { lineId: 2, reason: 'no_receipt' },
      { lineId: 3, reason: 'other_amount' },
      { lineId: 4, reason: 'outside_window' },
      { lineId: 5, reason: 'before_disbursement' },
    ]);
    expect(matching.unmatchedReceipts).toEqual([
      { receiptId: 103, reason: 'no_line' },
      { receiptId: 104, reason: 'no_line' },
      { receiptId: 105, reason: 'no_line' },
    ]);
  });

  it('leaves ambiguous cases to a person: two receipts for one line, two lines for one receipt', () => {
    const twoReceipts = matchStatementLines(
      [line(1, { canonicalReference: 'X' })],
      [receipt(101, { canonicalReference: 'X' }), receipt(102, { canonicalReference: 'X' })],
    );
    expect(twoReceipts).toEqual({
      proposals: [],
      unmatchedLines: [{ lineId: 1, reason: 'several_receipts' }],
      unmatchedReceipts: [
        { receiptId: 101, reason: 'line_has_several_receipts' },
        { receiptId: 102, reason: 'line_has_several_receipts' },
      ],
    });
    const twoLines = matchStatementLines(
      [line(1, { canonicalReference: 'X' }), line(2, { canonicalReference: 'X' })],
      [receipt(101, { canonicalReference: 'X' })],
    );
    expect(twoLines).toEqual({
      proposals: [],
      unmatchedLines: [
        { lineId: 1, reason: 'receipt_has_several_lines' },
        { lineId: 2, reason: 'receipt_has_several_lines' },
      ],
      unmatchedReceipts: [{ receiptId: 101, reason: 'several_lines' }],
    });
  });

  it('never proposes a line or a receipt twice, whatever the input', () => {
    const refs = ['A', 'B', ''];
    const amounts = [100, 200];
    const days = ['2026-12-05', '2026-12-09', '2026-12-12', '2026-12-20'];
    const lineArb = fc.record({
      canonicalReference: fc.constantFrom(...refs),
      amountCents: fc.constantFrom(...amounts),
      postedOn: fc.constantFrom(...days),
    });
    const receiptArb = fc.record({
      canonicalReference: fc.constantFrom(...refs.slice(0, 2)),
      declaredAmountCents: fc.constantFrom(...amounts),
      sentOn: fc.constantFrom(...days),
      disbursedOn: fc.constantFrom(null, '2026-12-01', '2026-12-10'),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), fc.array(receiptArb, { maxLength: 8 }), (ls, rs) => {
        const lines = ls.map((l, i) => ({ ...l, id: i + 1 }));
        const receipts = rs.map((r, i) => ({ ...r, id: i + 101 }));
        const { proposals, unmatchedLines, unmatchedReceipts } = matchStatementLines(lines, receipts);
        expect(new Set(proposals.map((p) => p.lineId)).size).toBe(proposals.length);
        expect(new Set(proposals.map((p) => p.receiptId)).size).toBe(proposals.length);
        expect(proposals.length + unmatchedLines.length).toBe(lines.length);
        expect(proposals.length + unmatchedReceipts.length).toBe(receipts.length);
        for (const p of proposals) {
          const l = lines.find((x) => x.id === p.lineId)!;
          const r = receipts.find((x) => x.id === p.receiptId)!;
          expect(isMatchCandidate(l, r)).toBe(true);
          expect(p.valueDate <= r.sentOn).toBe(true);
        }
      }),
    );
  });
});
