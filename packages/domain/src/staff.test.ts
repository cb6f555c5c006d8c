import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  can,
  isStaffRole,
  PROFILE_REVIEW_STATE_LABELS,
  PROFILE_REVIEW_STATES,
  ROLE_PERMISSIONS,
  STAFF_PERMISSIONS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffPermission,
} from './staff.ts';

describe('the back-office vocabulary', () => {
  it('names every staff role in Spanish', () => {
    expect(STAFF_ROLES.map((role) => STAFF_ROLE_LABELS[role])).toEqual([
      'Administrador',
      'Analista',
      'Cajero',
      'Supervisor',
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
    expect(auditActionLabel('loan.reject')).toBe('Préstamo rechazado');
    expect(auditActionLabel('loan.unknown')).toBe('loan.unknown');
    expect(auditActionLabel('constructor')).toBe('constructor');
  });

  describe('the permission table', () => {
    const granted = (permission: StaffPermission) => STAFF_ROLES.filter((role) => can(role, permission));

    it.each<[StaffPermission, string[]]>([
      ['borrowers.read', ['admin', 'analyst', 'cashier', 'supervisor', 'support']],
      ['borrowers.documents', ['admin', 'analyst']],
      ['borrowers.audit', ['admin', 'analyst']],
      ['reviews.read', ['admin', 'analyst']],
      ['reviews.decide', ['admin', 'analyst']],
      ['dashboard.read', ['admin', 'analyst']],
      ['audit.all', ['admin']],
      ['staff.manage', ['admin']],
      ['loans.refund', ['admin', 'cashier', 'supervisor']],
      // Issue 31: the second pair of eyes is never the cashier's own.
      ['receipts.decide', ['admin', 'cashier', 'supervisor']],
      ['receipts.approve', ['admin', 'supervisor']],
      ['receipts.reverse', ['admin', 'supervisor']],
      ['loans.reverse_disbursement', ['admin', 'supervisor']],
      ['reconciliation.manage', ['admin', 'cashier', 'supervisor']],
      ['accounting.read', ['admin', 'supervisor']],
    ])('%s belongs to %j', (permission, roles) => {
      expect(granted(permission)).toEqual(roles);
    });

    it('covers every permission and gives the admin all of them', () => {
      expect(ROLE_PERMISSIONS.admin).toEqual(STAFF_PERMISSIONS);
    });

    it('gives an unknown or missing role nothing', () => {
      expect(can('root', 'borrowers.read')).toBe(false);
      expect(can(undefined, 'borrowers.read')).toBe(false);
      expect(can('toString', 'borrowers.read')).toBe(false);
      expect(isStaffRole('analyst')).toBe(true);
      expect(isStaffRole('Analyst')).toBe(false);
      expect(isStaffRole(3)).toBe(false);
    });
  });
});
