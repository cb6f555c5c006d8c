import {
  endpointNames,
  endpoints,
  jsonSchemaOf,
  staffEndpointNames,
  staffEndpoints,
  staffPath,
  transportMessages,
  type EndpointDef,
  type StaffEndpointDef,
  type StaffEndpointName,
} from '@prestamos-hn/contract';
import { addDays, can, STAFF_ROLES, todayInTegucigalpa, type StaffRole } from '@prestamos-hn/domain';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertStaff,
  StaffBrowser,
  staffWithRole,
  STAFF_PASSWORD,
  type StaffResponse,
} from './support/backoffice.ts';
import { sessionFor } from './support/borrowers.ts';
import { postChatMultipart } from './support/chat.ts';
import { recordDisbursement } from '../src/services/loans/decisions.ts';
import {
  borrowerWithApprovedLoan,
  borrowerWithDisbursedLoan,
  paymentStaff,
  postReceipt,
} from './support/payments.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import { importStatement, statementSample } from './support/reconciliation.ts';
import { callMultipart, images, uploadFiles } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionRows = endpointNames.filter((n) => endpoints[n].access !== 'public');
const postRows = endpointNames.filter((n) => endpoints[n].method === 'POST');

describe('every session row of the contract', () => {
  it('exists', () => expect(sessionRows.length).toBeGreaterThan(0));

  it.each(sessionRows)('%s answers ERS to a bad, missing or unknown sid', async (name) => {
    const file = endpoints[name].file;
    for (const body of [{ sid: 'nope' }, {}, { sid: 'A'.repeat(43) }, { sid: 42 }]) {
      const res = await t.call(file, body);
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ status: 'ERS', payload: { message: transportMessages.sessionExpired } });
    }
  });

  it.each(sessionRows.filter((n) => endpoints[n].access === 'session'))(
    '%s refuses a session still waiting for its login code',
    async (name) => {
      const { sid } = await sessionFor(t.deps, 'pending_code');
      const res = await t.call(endpoints[name].file, { sid });
      expect(res.json.status).toBe('ERS');
    },
  );
});

describe('every POST row of the contract', () => {
  it.each(postRows)('%s answers ER with a Spanish message to a malformed body, never a 500', async (name) => {
    for (const payload of ['{"sid": ', 'no es json', '[1,2]', 'null']) {
      const res = await t.call(endpoints[name].file, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ status: 'ER', payload: { message: transportMessages.malformedBody } });
    }
  });
});

describe('every public POST row of the contract', () => {
  const publicPostRows = postRows.filter((n) => endpoints[n].access === 'public');
  // A row that takes no input (getPrivacyTerms.php: the current privacy notice) has nothing to refuse.
  const takesNothing = (n: (typeof publicPostRows)[number]) => {
    const request = (endpoints[n] as EndpointDef).request as { shape?: object };
    return request.shape !== undefined && Object.keys(request.shape).length === 0;
  };

  it('takes input on every row but getPrivacyTerms, which answers an empty body with the notice', async () => {
    expect(publicPostRows.filter(takesNothing)).toEqual(['getPrivacyTerms']);
    for (const body of [{}, '']) {
      const res = await t.call(endpoints.getPrivacyTerms.file, body);
      expect(res.json.status).toBe('OK');
    }
  });

  it.each(publicPostRows.filter((n) => !takesNothing(n)))(
    '%s answers an empty body with ER and a Spanish message, never OK or 500',
    async (name) => {
      for (const body of [{}, '']) {
        const res = await t.call(endpoints[name].file, body);
        expect(res.statusCode).toBe(200);
        expect(res.json.status).toBe('ER');
        expect((res.json.payload as { message: string }).message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡]/);
      }
    },
  );
});

describe('every multipart row of the contract', () => {
  const multipartRows = endpointNames.filter((n) => (endpoints[n] as EndpointDef).multipart);
  const send = (name: string, fields: Record<string, string>) =>
    callMultipart(t, name, fields, [{ field: 'file1', data: images.png }]);

  it('exists', () => expect(multipartRows.length).toBeGreaterThan(0));

  it.each(multipartRows)('%s answers ERS to a multipart body with a bad or missing sid', async (name) => {
    for (const fields of [{ sid: 'nope' }, {}] as Record<string, string>[]) {
      const res = await send(endpoints[name].file, fields);
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ status: 'ERS', payload: { message: transportMessages.sessionExpired } });
    }
  });

  it('a row without file fields refuses a multipart body as malformed', async () => {
    const { sid } = await sessionFor(t.deps);
    const res = await send('getPurposeList.php', { sid });
    expect(res.json).toEqual({ status: 'ER', payload: { message: transportMessages.malformedBody } });
  });
});

describe('the transport', () => {
  it('answers an unknown call with a 404 JSON', async () => {
    const res = await t.call('noExiste.php', {});
    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({ status: 'ER', payload: { message: transportMessages.unknownCall } });
  });

  it('answers a body over the limit with ER, not a 413 page', async () => {
    const res = await t.call('getPurposeList.php', JSON.stringify({ sid: 'x', pad: 'x'.repeat(1_100_000) }));
    expect(res.statusCode).toBe(200);
    expect(res.json.status).toBe('ER');
  });

  it('reads a JSON body sent as text/plain, as old clients do', async () => {
    const { sid } = await sessionFor(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/getPurposeList.php',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ sid }),
    });
    expect(res.json().status).toBe('OK');
  });

  it('sends security headers with a CSP that forbids inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ ok: true });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

// --- The staff API: every row of packages/contract's staff table -----------------------------------

/** A message a person reads: Spanish, never zod's or Fastify's English. */
function expectSpanishError(res: StaffResponse, statusCode: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json)).toBe(statusCode);
  const error = (res.json as { error?: { code?: string; message?: string } }).error;
  expect(error?.code).toBe(code);
  expect(error?.message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡]/);
  expect(error?.message).not.toMatch(/\b(expected|invalid input|required|received)\b/i);
  expect(res.headers['cache-control']).toBe('no-store');
}

const staffDef = (name: StaffEndpointName): StaffEndpointDef => staffEndpoints[name];
const paramNames = (def: StaffEndpointDef) => [...def.path.matchAll(/:([A-Za-z0-9]+)/g)].map((m) => m[1]!);
/** The row's path with every parameter filled (1, or the given sample). */
const pathOf = (name: StaffEndpointName, sample: Record<string, number> = {}) =>
  staffPath(name, Object.fromEntries(paramNames(staffDef(name)).map((p) => [p, sample[p] ?? 1])));

/** A body whose first field (the discriminator of a union) has a type no field accepts. */
function wrongTypeBody(def: StaffEndpointDef): { field: string; body: Record<string, unknown> } {
  const schema = jsonSchemaOf(def.body!, 'input') as {
    properties?: Record<string, unknown>;
    oneOf?: { properties: Record<string, unknown> }[];
  };
  const field = Object.keys(schema.properties ?? schema.oneOf?.[0]?.properties ?? {})[0]!;
  return { field, body: { [field]: [['no es un valor']] } };
}

const isSessionRow = (def: StaffEndpointDef) => def.access !== 'public' && def.access !== 'pending';

describe('the staff table', () => {
  const browsers = {} as Record<StaffRole, StaffBrowser>;
  /** Path parameters for the GET rows: the borrower's by default, a row's own where its `:id` is another thing's. */
  const sample: Record<string, number> = {};
  const rowSamples: Partial<Record<StaffEndpointName, Record<string, number>>> = {};

  beforeAll(async () => {
    for (const role of STAFF_ROLES) browsers[role] = (await staffWithRole(t, role)).browser;
    // A borrower with a document, for the rows that read one.
    const { sid, borrowerId } = await sessionFor(t.deps);
    expect((await uploadFiles(t, sid, [{ field: 'file1', data: images.png }])).json.status).toBe('OK');
    const file = await browsers.admin.get(`/borrowers/${borrowerId}`);
    sample.id = borrowerId;
    sample.fileId = (file.json as { documents: { id: number }[] }).documents[0]!.id;
    // A chat conversation with a photo, for the inbox's rows (their `:id` is the conversation's).
    const photo = { field: 'image', data: images.png, filename: 'foto.png', contentType: 'image/png' };
    const chat = await postChatMultipart(t, { sid, text: 'Hola', clientId: 'contrato-0001' }, [photo]);
    const messageId = (chat.payload as { message: { id: number } }).message.id;
    const inbox = (await browsers.admin.get('/chats')).json as { items: { id: number }[] };
    rowSamples.getChat = { id: inbox.items[0]!.id };
    rowSamples.getChatImage = { id: inbox.items[0]!.id, messageId };
    // A pending receipt of a disbursed loan, for the cashier's desk rows.
    const payer = await borrowerWithDisbursedLoan(t, await paymentStaff(t));
    const sent = await postReceipt(t, payer.sid, {
      containerId: payer.loanId,
      idpago: payer.instalmentIds[0]!,
      amount: '417.21',
      reference: 'CONTRATO-1',
    });
    rowSamples.getReceipt = rowSamples.getReceiptImage = {
      id: (sent.json.payload as { receipt_id: number }).receipt_id,
    };
    // The same disbursed loan has a payoff quote.
    rowSamples.getLoanPayoff = { id: payer.loanId };
    // A loan request, for the loan desk's rows (its id is not the borrower's).
    const applicant = await borrowerReadyToApply(t);
    const offer = await postOffer(t, { sid: applicant.sid, ...REQUEST });
    rowSamples.getLoanFile = { id: (offer.json.payload as { container_id: number }).container_id };
    // A late loan, for the collections rows: its disbursement recorded 40 days after the day it went out.
    const staff = await paymentStaff(t);
    const late = await borrowerWithApprovedLoan(t, staff);
    const startedAt = t.clock.now();
    const today = todayInTegucigalpa(startedAt);
    t.clock.set(`${addDays(today, 40)}T16:00:00Z`);
    await recordDisbursement(t.deps, staff.cashier, late.loanId, {
      disbursedOn: today,
      reference: 'TRF-TARDE',
    });
    t.clock.set(startedAt);
    rowSamples.getCollectionsFile = { id: late.loanId };
    // A bank statement imported, for the reconciliation's rows.
    const statement = await importStatement(browsers.admin, 2, statementSample('bac'), 'bac.csv');
    rowSamples.getBankStatement = { id: (statement.json as { statement: { id: number } }).statement.id };
    // An account of the chart, for the ledger's row (its `:code` is an account code).
    rowSamples.getAccountLedger = { code: 1101 };
  });

  it('has rows, each path under /api/backoffice with its parameters in its params schema', () => {
    expect(staffEndpointNames.length).toBeGreaterThan(10);
    for (const name of staffEndpointNames) {
      const def = staffDef(name);
      const declared = def.params ? Object.keys(jsonSchemaOf(def.params, 'input').properties as object) : [];
      expect(declared.sort(), name).toEqual(paramNames(def).sort());
    }
  });

  describe.each(staffEndpointNames)('%s', (name) => {
    const def = staffDef(name);
    const send = (browser: StaffBrowser, body?: unknown, opts: { noCsrf?: boolean; path?: string } = {}) =>
      browser.request(def.method, opts.path ?? pathOf(name), {
        ...(body !== undefined ? { body } : {}),
        noCsrf: opts.noCsrf,
      });

    if (def.access !== 'public') {
      it('answers 401 without a session', async () => {
        expectSpanishError(await send(new StaffBrowser(t), {}), 401, 'unauthenticated');
      });
    }

    if (def.access === 'pending') {
      it('answers 401 to an active session: it takes only one waiting for its code', async () => {
        expectSpanishError(await send(browsers.admin, {}), 401, 'unauthenticated');
      });
    }

    if (isSessionRow(def) && def.access !== 'staff') {
      const permission = def.access as Exclude<StaffEndpointDef['access'], 'public' | 'pending' | 'staff'>;
      const refused = STAFF_ROLES.filter((role) => !can(role, permission));
      if (refused.length > 0) {
        it.each(refused)(`answers 403 to %s (no ${permission})`, async (role) => {
          expectSpanishError(await send(browsers[role], {}), 403, 'forbidden');
        });
      }
    }

    if (isSessionRow(def) && def.method !== 'GET') {
      it('answers 403 to a state change without the CSRF header', async () => {
        expectSpanishError(await send(browsers.admin, {}, { noCsrf: true }), 403, 'csrf');
      });
    }

    if (def.body) {
      /** A browser that passes the row's access: anyone, a login waiting for its code, or the admin. */
      const allowed = async (): Promise<StaffBrowser> => {
        if (def.access === 'public') return new StaffBrowser(t);
        if (def.access !== 'pending') return browsers.admin;
        const email = `pendiente.${name}.${Math.random().toString(36).slice(2)}@prestamos.test`;
        await insertStaff(t, { email, role: 'analyst' });
        const browser = new StaffBrowser(t);
        expect((await browser.post('/auth/login', { email, password: STAFF_PASSWORD })).statusCode).toBe(200);
        return browser;
      };

      it('answers a Spanish 400 to a body that is not an object', async () => {
        const browser = await allowed();
        for (const body of [[], 'texto', 42]) expectSpanishError(await send(browser, body), 400, 'invalid');
      });

      it('answers a Spanish 400, naming the field, to a field of the wrong type', async () => {
        const { field, body } = wrongTypeBody(def);
        const res = await send(await allowed(), body);
        expectSpanishError(res, 400, 'invalid');
        expect((res.json as { error: { field?: string } }).error.field).toBe(field);
      });
    }

    if (def.method === 'GET' && isSessionRow(def)) {
      it('answers exactly what its response schema describes', async () => {
        const res = await send(browsers.admin, undefined, { path: pathOf(name, rowSamples[name] ?? sample) });
        expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
        if (def.response.kind === 'binary') {
          expect(def.response.contentTypes).toContain(res.headers['content-type']);
          expect(res.raw.length).toBeGreaterThan(0);
          return;
        }
        expect(res.headers['cache-control']).toBe('no-store');
        const parsed = def.response.schema.safeParse(res.json);
        expect(parsed.error?.issues ?? []).toEqual([]);
        // Nothing the schema does not describe: parsing loses no field.
        expect(isDeepStrictEqual(parsed.data, res.json)).toBe(true);
      });
    }
  });
});
