import { describe, expect, it } from 'vitest';
import { loanFixture, offersFixture } from '../../../testing/loan-fixtures';
import { newestLoan, offerBanner } from './offer-banner';

describe('offerBanner (SPEC section 4, Offers)', () => {
  it.each<[number, string | null]>([
    [0, 'Recibimos tu solicitud'],
    [1, 'Tu solicitud está en validación'],
    [5, 'Tu solicitud está en validación'],
    [2, 'Tu solicitud fue rechazada'],
    [3, null],
    [4, 'Préstamo pagado'],
    [6, null],
    [7, null],
    [8, null],
  ])('status %i: %j', (status, title) => {
    expect(offerBanner(offersFixture([loanFixture(1, status)], status))?.title ?? null).toBe(title);
  });

  it('words each banner in full', () => {
    expect(offerBanner(offersFixture([loanFixture(1, 0)], 0))).toEqual({
      severity: 'info',
      title: 'Recibimos tu solicitud',
      text: 'La estamos revisando. Te daremos una respuesta en un máximo de 24 horas.',
    });
    expect(offerBanner(offersFixture([loanFixture(1, 1)], 1))).toEqual({
      severity: 'info',
      title: 'Tu solicitud está en validación',
      text: 'Un agente ya tiene tu solicitud y está validando tus datos.',
    });
    expect(offerBanner(offersFixture([loanFixture(1, 4)], 4))).toEqual({
      severity: 'success',
      title: 'Préstamo pagado',
      text: '¡Pagaste tu préstamo por completo! Ya puedes solicitar uno nuevo.',
    });
  });

  it('shows no banner to a borrower without requests', () => {
    expect(offerBanner({ status: null, loans: {} })).toBeNull();
  });

  it("gives the newest rejected request's reason, as the server words it", () => {
    const offers = offersFixture(
      [
        loanFixture(1, 2, { created: '2026-01-01T10:00:00.000Z', rejection_reason: 'Motivo antiguo' }),
        loanFixture(2, 2, {
          created: '2026-03-01T10:00:00.000Z',
          rejection_reason: 'Tus ingresos no alcanzan para la cuota.',
        }),
      ],
      2,
    );
    expect(offerBanner(offers)).toEqual({
      severity: 'error',
      title: 'Tu solicitud fue rechazada',
      text: 'Puedes enviar una nueva solicitud cuando quieras.',
      reason: 'Tus ingresos no alcanzan para la cuota.',
    });
  });

  it('leaves the reason out when the server gives none', () => {
    expect(offerBanner(offersFixture([loanFixture(1, 2, { rejection_reason: '  ' })], 2))).not.toHaveProperty(
      'reason',
    );
  });
});

describe('newestLoan', () => {
  it('takes the latest request, and the highest id for the same time', () => {
    const same = '2026-03-01T10:00:00.000Z';
    expect(
      newestLoan([
        loanFixture(4, 2, { created: '2026-02-01T10:00:00.000Z' }),
        loanFixture(5, 0, { created: same }),
        loanFixture(6, 1, { created: same }),
      ])?.container_id,
    ).toBe(6);
    expect(newestLoan([])).toBeNull();
  });
});
