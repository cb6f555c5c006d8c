import { describe, expect, it } from 'vitest';
import { applyTileView, validationNotice } from './apply-tile';

const references = {
  ref_tipo_per: 'amigo',
  ref_nom_per: 'MARIA LOPEZ',
  ref_tel_per: '99887766',
  ref_tipo_lab: 'jefe',
  ref_nom_lab: 'JUAN PEREZ',
  ref_tel_lab: '33445566',
};
const approved = { status: '1' as const, ...references };
const inValidation = { status: '0' as const, ...references };
// 10 March 2026, 10:00 in Tegucigalpa (UTC-6).
const march = new Date('2026-03-10T16:00:00Z');
const holyWeek = new Date('2026-04-17T16:00:00Z');

describe('applyTileView', () => {
  it('enables Aplicar for an approved borrower in an allowed city', () => {
    expect(applyTileView({ now: march, profile: approved, location: 'allowed' })).toEqual({
      state: 'enabled',
      needsReferences: false,
    });
  });

  it('asks for the references first when one is missing', () => {
    expect(
      applyTileView({ now: march, profile: { ...approved, ref_tel_lab: '' }, location: 'allowed' }),
    ).toEqual({ state: 'enabled', needsReferences: true });
  });

  it('is disabled with the SPEC message outside the allowed cities', () => {
    expect(applyTileView({ now: march, profile: approved, location: 'notAllowed' })).toEqual({
      state: 'disabled',
      message: 'Lo sentimos, actualmente esta función no está permitida en tu ubicación.',
    });
  });

  it('waits for the location of an approved borrower', () => {
    expect(applyTileView({ now: march, profile: approved, location: 'pending' })).toEqual({
      state: 'checkingLocation',
    });
  });

  it('is disabled while the profile is in validation, wherever the borrower is', () => {
    for (const location of ['allowed', 'notAllowed', 'pending'] as const) {
      expect(applyTileView({ now: march, profile: inValidation, location })).toEqual({
        state: 'disabled',
        message: 'Tu perfil sigue en proceso de validación. No puedes aún.',
      });
    }
  });

  it('is closed in Holy Week, 16-19 April in Tegucigalpa', () => {
    const view = applyTileView({ now: holyWeek, profile: approved, location: 'allowed' });
    expect(view).toEqual({ state: 'disabled', message: expect.stringContaining('Semana Santa') });
    expect(applyTileView({ now: holyWeek, profile: approved, location: 'pending' }).state).toBe('disabled');
    // 19 April 23:30 in Tegucigalpa is still closed; 20 April 00:30 is open.
    expect(
      applyTileView({ now: new Date('2026-04-20T05:30:00Z'), profile: approved, location: 'allowed' }).state,
    ).toBe('disabled');
    expect(
      applyTileView({ now: new Date('2026-04-20T06:30:00Z'), profile: approved, location: 'allowed' }).state,
    ).toBe('enabled');
  });
});

describe('validationNotice', () => {
  it('shows the review outcome when modified is exactly yesterday', () => {
    expect(validationNotice({ status: '0', errores_perfil: 2, modified: '2026-03-09' }, march)).toEqual({
      kind: 'reviewError',
      code: 2,
    });
  });

  it('otherwise says the changes were received', () => {
    for (const modified of ['2026-03-10', '2026-03-08', '']) {
      expect(validationNotice({ status: '0', errores_perfil: 2, modified }, march)).toEqual({
        kind: 'changesReceived',
      });
    }
    expect(validationNotice({ status: '0', errores_perfil: null, modified: '2026-03-09' }, march)).toEqual({
      kind: 'changesReceived',
    });
  });

  it('shows nothing once approved', () => {
    expect(validationNotice({ status: '1', errores_perfil: 0, modified: '2026-03-09' }, march)).toBeNull();
  });
});
