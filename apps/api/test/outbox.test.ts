import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedSmsGateway, type SmsGateway } from '../src/integrations/index.ts';
import { deliverPendingMessages, enqueueMessage, MAX_DELIVERY_ATTEMPTS } from '../src/services/outbox.ts';
import { outbox } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { PRODUCTION_ENV, createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const sms = createSimulatedSmsGateway();
let smsDown = false;
const flakySms: SmsGateway = {
  send: (m) => (smsDown ? Promise.reject(new Error('gateway down')) : sms.send(m)),
};

beforeAll(async () => {
  t = await createTestApp({ integrations: { sms: flakySms } });
});
afterAll(() => t.close());

describe('the outbox', () => {
  it('lists messages newest first, filtered by recipient, as JSON', async () => {
    await enqueueMessage(t.deps, t.deps.db, { channel: 'sms', to: '99887766', body: 'Tu código es 123456' });
    t.clock.advance(1000);
    await enqueueMessage(t.deps, t.deps.db, {
      channel: 'email',
      to: 'Karla@Example.com',
      subject: 'Valida tu correo',
      body: 'Abre este enlace',
    });
    t.clock.advance(1000);
    await enqueueMessage(t.deps, t.deps.db, { channel: 'sms', to: '99887766', body: 'Tu código es 654321' });

    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=99887766' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; channel: string; to: string; body: string; createdAt: string }[];
    expect(list.map((m) => m.body)).toEqual(['Tu código es 654321', 'Tu código es 123456']);
    expect(list[0]).toMatchObject({ channel: 'sms', to: '99887766', subject: null });
    expect(Object.keys(list[0]!).sort()).toEqual(['body', 'channel', 'createdAt', 'id', 'subject', 'to']);

    const mail = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=karla@example.com' })).json();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', subject: 'Valida tu correo' });
  });

  it('shows the same to a person, escaped', async () => {
    await enqueueMessage(t.deps, t.deps.db, {
      channel: 'sms',
      to: '88776655',
      body: '<script>x</script> 111222',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox.html?to=88776655' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('&lt;script&gt;x&lt;/script&gt; 111222');
    expect(res.body).not.toContain('<script>x');
    expect(res.body).toContain('<label for="to">Teléfono o correo</label>');
  });

  it('delivers pending messages once, and retries a failed delivery later', async () => {
    await deliverPendingMessages(t.deps);
    const before = sms.sent().length;
    await enqueueMessage(t.deps, t.deps.db, { channel: 'sms', to: '77665544', body: 'Hola' });
    smsDown = true;
    expect(await deliverPendingMessages(t.deps)).toEqual({ sent: 0, failed: 1 });
    smsDown = false;
    // Not retried before its back-off.
    expect(await deliverPendingMessages(t.deps)).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(61_000);
    expect(await deliverPendingMessages(t.deps)).toEqual({ sent: 1, failed: 0 });
    expect(sms.sent().length).toBe(before + 1);
    expect(await deliverPendingMessages(t.deps)).toEqual({ sent: 0, failed: 0 });
  });

  it('gives up after the last attempt', async () => {
    const id = await enqueueMessage(t.deps, t.deps.db, { channel: 'sms', to: '66554433', body: 'Hola' });
    smsDown = true;
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS; i++) {
      await deliverPendingMessages(t.deps);
      t.clock.advance(3_600_000);
    }
    smsDown = false;
    const [row] = await t.deps.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAX_DELIVERY_ATTEMPTS,
      lastError: 'gateway down',
    });
  });
});

describe('the outbox in production', () => {
  it('does not exist', async () => {
    const prod = await createTestApp({ env: PRODUCTION_ENV });
    try {
      for (const url of ['/api/dev/outbox', '/api/dev/outbox.html', '/api/dev/outbox?to=99887766']) {
        expect((await prod.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });
});
