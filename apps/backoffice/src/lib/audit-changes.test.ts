import { describe, expect, it } from 'vitest';
import { auditChangeLines, auditFieldLabel, auditValueText } from './audit-changes';

describe('auditFieldLabel', () => {
  it.each([
    ['status', 'Estado'],
    ['failed_logins', 'Intentos fallidos'],
    ['mob_phone', 'Teléfono'],
    ['errores_perfil', 'Motivo de la devolución (errores_perfil)'],
    ['reviewId', 'Revisión #'],
    ['receivedAmountCents', 'Monto recibido'],
    ['someNewField', 'Some new field'],
    ['otherSessionsEnded', 'Otras sesiones cerradas'],
  ])('%s reads %s', (key, label) => {
    expect(auditFieldLabel(key)).toBe(label);
  });
});

describe('auditValueText', () => {
  it.each([
    ['amountCents', 41_721, 'L\u00a0417.21'],
    ['valueDate', '2026-11-22', '22/11/2026'],
    ['locked', true, 'Sí'],
    ['locked', false, 'No'],
    ['reason', null, '—'],
    ['reason', 'Foto borrosa', 'Foto borrosa'],
    ['endedSessions', [3, 4], '3, 4'],
    ['split', { lateFee: 0, amountCents: 5_000 }, 'Recargo por mora: 0; Monto: L\u00a050.00'],
  ])('%s = %j reads %s', (key, value, text) => {
    expect(auditValueText(key, value)).toBe(text);
  });

  it('writes an instant in Honduras time, dd/mm/aaaa', () => {
    expect(auditValueText('at', '2026-11-22T16:00:00.000Z')).toMatch(/^22\/11\/2026, 10:00/);
  });
});

describe('auditChangeLines', () => {
  it('lists only what changed when the row kept the state before', () => {
    expect(
      auditChangeLines(
        { status: 0, reason: null, amountCents: 100_000 },
        { status: 2, reason: 'Sin ingresos', amountCents: 100_000 },
      ),
    ).toEqual([
      { label: 'Estado', before: '0', after: '2' },
      { label: 'Motivo', before: '—', after: 'Sin ingresos' },
    ]);
  });

  it('lists every field recorded when there is no state before', () => {
    expect(auditChangeLines(null, { email: 'ana@correo.hn', email_confirmed: true })).toEqual([
      { label: 'Correo', after: 'ana@correo.hn' },
      { label: 'Correo confirmado', after: 'Sí' },
    ]);
  });

  it('reads nothing for an empty row and one line for a bare value', () => {
    expect(auditChangeLines(null, null)).toEqual([]);
    expect(auditChangeLines(null, {})).toEqual([]);
    expect(auditChangeLines(null, 'CMP')).toEqual([{ label: 'Valor', after: 'CMP' }]);
  });
});
