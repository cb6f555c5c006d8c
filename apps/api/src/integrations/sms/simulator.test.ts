import { describe, expect, it } from 'vitest';
import { createSimulatedSmsGateway } from './simulator';

describe('simulated SMS gateway', () => {
  it('acknowledges each message with a deterministic, increasing id and records it', async () => {
    const sms = createSimulatedSmsGateway();
    expect(await sms.send({ to: '98765432', body: 'Tu código es 123456' })).toEqual({
      providerId: 'sim-sms-000001',
    });
    expect(await sms.send({ to: '33334444', body: 'Otro' })).toEqual({ providerId: 'sim-sms-000002' });
    expect(sms.sent()).toEqual([
      { to: '98765432', body: 'Tu código es 123456', providerId: 'sim-sms-000001' },
      { to: '33334444', body: 'Otro', providerId: 'sim-sms-000002' },
    ]);
  });

  it('keeps only the last messages up to its capacity', async () => {
    const sms = createSimulatedSmsGateway({ capacity: 3 });
    for (let i = 1; i <= 5; i += 1) await sms.send({ to: '98765432', body: `mensaje ${i}` });
    expect(sms.sent().map((m) => m.body)).toEqual(['mensaje 3', 'mensaje 4', 'mensaje 5']);
    expect(sms.sent().at(-1)?.providerId).toBe('sim-sms-000005');
  });

  it('keeps 1000 messages by default', async () => {
    const sms = createSimulatedSmsGateway();
    for (let i = 1; i <= 1001; i += 1) await sms.send({ to: '98765432', body: `mensaje ${i}` });
    expect(sms.sent()).toHaveLength(1000);
    expect(sms.sent()[0]?.body).toBe('mensaje 2');
  });

  it.each(['9876543', '987654321', '+50498765432', '9876 5432', ''])(
    'rejects %j as a mobile number',
    async (to) => {
      const sms = createSimulatedSmsGateway();
      await expect(sms.send({ to, body: 'x' })).rejects.toThrow(
        'El número de celular debe tener 8 dígitos, sin espacios ni prefijo.',
      );
      expect(sms.sent()).toEqual([]);
    },
  );
});
