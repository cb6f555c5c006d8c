import { describe, expect, it } from 'vitest';
import { createSimulatedMailer } from './simulator';

describe('simulated mailer', () => {
  it('acknowledges each message with a deterministic, increasing id and records it', async () => {
    const mailer = createSimulatedMailer();
    const first = { to: 'karla@example.com', subject: 'Código', text: 'Tu código es 123456' };
    expect(await mailer.send(first)).toEqual({ providerId: 'sim-email-000001' });
    expect(await mailer.send({ ...first, html: '<p>hola</p>' })).toEqual({ providerId: 'sim-email-000002' });
    expect(mailer.sent()).toEqual([
      { ...first, providerId: 'sim-email-000001' },
      { ...first, html: '<p>hola</p>', providerId: 'sim-email-000002' },
    ]);
  });

  it('keeps only the last messages up to its capacity', async () => {
    const mailer = createSimulatedMailer({ capacity: 2 });
    for (let i = 1; i <= 4; i += 1) await mailer.send({ to: 'a@b.hn', subject: `s${i}`, text: 't' });
    expect(mailer.sent().map((m) => m.subject)).toEqual(['s3', 's4']);
  });

  it.each(['', 'sin-arroba', 'a@b@c', 'con espacio@b.hn'])('rejects %j as a recipient', async (to) => {
    const mailer = createSimulatedMailer();
    await expect(mailer.send({ to, subject: 's', text: 't' })).rejects.toThrow(
      'La dirección de correo del destinatario no es válida.',
    );
    expect(mailer.sent()).toEqual([]);
  });
});
