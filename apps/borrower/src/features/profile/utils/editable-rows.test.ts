import { describe, expect, it } from 'vitest';
import { rowAccess, type RowAccessInput, type RowAction, type RowGroup } from './editable-rows';

const open: RowAccessInput = { status: '0', datasend: '', dependents: 2 };
const approved = { status: '1', datasend: 'CMP', dependents: 2 };
const inReview = { status: '0', datasend: 'CMP', dependents: 2 };

describe('rowAccess', () => {
  it.each<[RowGroup, RowAction, RowAccessInput, ReturnType<typeof rowAccess>]>([
    ['general', 'names', open, { isEditable: true }],
    ['general', 'phone', open, { isEditable: true }],
    ['mandatory', 'income', open, { isEditable: true }],
    ['mandatory', 'dependents_who', open, { isEditable: true }],
    [
      'mandatory',
      'dependents_who',
      { ...open, dependents: 0 },
      { isEditable: false, alert: 'No tienes dependientes registrados.' },
    ],
    [
      'mandatory',
      'dependents_who',
      { ...open, dependents: null },
      { isEditable: false, alert: 'No tienes dependientes registrados.' },
    ],
    ['documents', null, open, { isEditable: true }],
    ['general', 'password', approved, { isEditable: true }],
    ['general', 'names', approved, { isEditable: false, alert: 'Esta opción está deshabilitada.' }],
    ['general', 'phone', approved, { isEditable: false, alert: 'Esta opción está deshabilitada.' }],
    ['mandatory', 'income', approved, { isEditable: false, alert: 'Este campo está deshabilitado.' }],
    [
      'mandatory',
      'dependents_who',
      { ...approved, dependents: 0 },
      { isEditable: false, alert: 'Este campo está deshabilitado.' },
    ],
    ['references', 'references', approved, { isEditable: false, alert: 'Este campo está deshabilitado.' }],
    ['documents', null, approved, { isEditable: false, alert: 'Esta opción estará disponible en 12 meses.' }],
    // Sent for review, status '0': still editable (issue 35 point 9).
    ['mandatory', 'education', inReview, { isEditable: true }],
    ['references', 'references', inReview, { isEditable: true }],
    ['documents', null, inReview, { isEditable: true }],
    ['general', 'phone', inReview, { isEditable: true }],
    ['general', 'password', inReview, { isEditable: true }],
  ])('%s row %s with %j: %j', (group, action, profile, expected) => {
    expect(rowAccess(group, action, profile)).toEqual(expected);
  });
});
