import { describe, expect, it } from 'vitest';
import {
  PROFILE_REVIEW_STATE_LABELS,
  PROFILE_REVIEW_STATES,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
} from './staff.ts';

describe('the back-office vocabulary', () => {
  it('names every staff role in Spanish', () => {
    expect(STAFF_ROLES.map((role) => STAFF_ROLE_LABELS[role])).toEqual([
      'Administrador',
      'Analista',
      'Cajero',
      'Soporte',
    ]);
  });

  it('names the four profile states of the register filters in Spanish', () => {
    expect(PROFILE_REVIEW_STATES.map((state) => PROFILE_REVIEW_STATE_LABELS[state])).toEqual([
      'Incompleto',
      'En revisión',
      'Aprobado',
      'Devuelto',
    ]);
  });
});
