import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
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

  it('names audit actions, profile edits by their group, and leaves an unknown code as it is', () => {
    expect(auditActionLabel('profile.approve')).toBe('Perfil aprobado');
    expect(auditActionLabel('view_documents')).toBe('Documento consultado');
    expect(auditActionLabel('chat.answer')).toBe('Respuesta en el chat');
    expect(auditActionLabel('profile.update.references')).toBe('Perfil editado: referencias');
    expect(auditActionLabel('profile.update.phone')).toBe('Perfil editado: teléfono');
    expect(auditActionLabel('profile.update.toString')).toBe('Perfil editado: toString');
    expect(auditActionLabel('loan.request')).toBe('loan.request');
    expect(auditActionLabel('constructor')).toBe('constructor');
  });
});
