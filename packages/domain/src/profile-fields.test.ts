import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FILE_TYPES } from './labels.ts';
import { CENSUS_ITEMS } from './names.ts';
import {
  CENSUS_ITEM_LABELS,
  DOCUMENT_FIELDS,
  DOCUMENT_LABELS,
  documentTypeLabel,
  optionalFieldLabel,
  PROFILE_FIELD_LABELS,
  REFERENCE_KIND_LABELS,
  REGISTRATION_FIELD_LABELS,
  type ProfileField,
} from './profile-fields.ts';
import {
  PROFILE_EDIT_FIELDS,
  PROFILE_EDIT_GROUP_IDS,
  PROFILE_EDIT_GROUPS,
  STAFF_PROFILE_FIELD_LABELS,
  type ProfileEditGroup,
} from './profile-edit-groups.ts';
import { PROFILE_EDIT_GROUP_LABELS } from './staff.ts';

describe('PROFILE_FIELD_LABELS', () => {
  it.each<[ProfileField, string]>([
    ['person_code', 'Código de identidad'],
    ['realname', 'Primer nombre'],
    ['midname', 'Segundo nombre'],
    ['surname', 'Primer apellido'],
    ['midname2', 'Segundo apellido'],
    ['gender', 'Género'],
    ['birthday', 'Fecha de nacimiento'],
    ['email', 'Correo'],
    ['mob_phone', 'Teléfono'],
    ['income_status', 'Tipo de ingreso'],
    ['business_type', 'Tipo de negocio'],
    ['income', 'Ingreso mensual (L)'],
    ['bank', 'Banco'],
    ['account_number', 'Número de cuenta'],
    ['marital_status', 'Estado civil'],
    ['home_status', 'Tipo de vivienda'],
    ['dependents', 'Número de dependientes'],
    ['dependents_who', 'Tipo de dependientes'],
    ['education', 'Nivel de educación'],
    ['region', 'Departamento'],
    ['county', 'Municipio'],
    ['city', 'Colonia o barrio'],
    ['house', 'Número de casa'],
    ['address_referece', 'Referencia'],
    ['workplace', 'Nombre del lugar de trabajo'],
    ['workplace_position', 'Cargo en el trabajo'],
    ['work_region', 'Departamento'],
    ['work_county', 'Municipio'],
    ['work_city', 'Colonia o barrio'],
    ['workplace_address', 'Referencia del trabajo'],
    ['work_experience', 'Fecha de inicio laboral'],
    ['ref_tipo_per', 'Tipo'],
    ['ref_nom_per', 'Nombre'],
    ['ref_tel_per', 'Celular'],
    ['ref_correo_per', 'Correo'],
    ['ref_tipo_lab', 'Tipo'],
    ['ref_nom_lab', 'Nombre'],
    ['ref_tel_lab', 'Celular'],
    ['ref_correo_lab', 'Correo'],
    ['file1', 'Identidad (frente)'],
    ['file2', 'Identidad (reverso)'],
    ['file3', 'Recibo de servicio público'],
    ['file4', 'Selfie'],
  ])('%s reads %j', (field, label) => {
    expect(PROFILE_FIELD_LABELS[field]).toBe(label);
  });

  it('marks an optional field', () => {
    expect(optionalFieldLabel(PROFILE_FIELD_LABELS.ref_correo_per)).toBe('Correo (opcional)');
  });

  it.each([
    ['personal', 'Referencia personal'],
    ['labour', 'Referencia laboral'],
  ] as const)('titles the %s reference %j', (kind, label) => {
    expect(REFERENCE_KIND_LABELS[kind]).toBe(label);
  });
});

describe('documents', () => {
  it.each<[number, string | null]>([
    [FILE_TYPES.frontId, 'Identidad (frente)'],
    [FILE_TYPES.backId, 'Identidad (reverso)'],
    [FILE_TYPES.utilityBill, 'Recibo de servicio público'],
    [FILE_TYPES.selfie, 'Selfie'],
    [17, null],
    [22, null],
  ])('file type %i is %j', (type, label) => {
    expect(documentTypeLabel(type)).toBe(label);
  });

  it('lists the documents in the order of file1 to file4', () => {
    expect(Object.keys(DOCUMENT_LABELS)).toEqual(Object.values(DOCUMENT_FIELDS));
  });
});

describe('PROFILE_EDIT_GROUPS', () => {
  it.each<[ProfileEditGroup, string, readonly string[]]>([
    ['names', 'Nombres', ['realname', 'midname', 'surname', 'midname2']],
    ['phone', 'Teléfono', ['mob_phone']],
    ['workplace_position', 'Cargo', ['workplace_position']],
    ['income', 'Ingreso mensual', ['income']],
    ['income_type', 'Tipo de ingreso', ['income_status', 'business_type']],
    ['marital_status', 'Estado civil', ['marital_status']],
    [
      'residence_address',
      'Dirección de domicilio',
      ['region', 'county', 'city', 'house', 'address_referece'],
    ],
    [
      'work_address',
      'Dirección del trabajo',
      ['work_region', 'work_county', 'work_city', 'workplace_address'],
    ],
    ['home_status', 'Vivienda', ['home_status']],
    ['workplace', 'Lugar de trabajo', ['workplace']],
    ['dependents', 'Número de dependientes', ['dependents']],
    ['dependents_who', 'Tipo de dependientes', ['dependents_who']],
    ['education', 'Educación', ['education']],
    ['work_experience', 'Fecha de inicio laboral', ['work_experience']],
    [
      'references',
      'Referencias',
      [
        'ref_tipo_per',
        'ref_nom_per',
        'ref_tel_per',
        'ref_correo_per',
        'ref_tipo_lab',
        'ref_nom_lab',
        'ref_tel_lab',
        'ref_correo_lab',
      ],
    ],
    ['bank_account', 'Banco', ['bank', 'account_number']],
  ])('%s is titled %j and changes %j', (id, title, fields) => {
    expect(PROFILE_EDIT_GROUPS[id].title).toBe(title);
    expect(PROFILE_EDIT_GROUPS[id].fields).toEqual(fields);
  });

  it.each(PROFILE_EDIT_GROUP_IDS)('%s: its schema checks exactly its fields', (id) => {
    const group = PROFILE_EDIT_GROUPS[id];
    const schema = group.schema({ today: '2026-11-22' });
    expect(schema).toBeInstanceOf(z.ZodObject);
    const checked = Object.keys((schema as z.ZodObject).shape);
    // The phone's change also carries the code sent to the new phone.
    expect(checked).toEqual(id === 'phone' ? [...group.fields, 'code'] : group.fields);
  });

  it('gives each field to one group only', () => {
    expect(new Set(PROFILE_EDIT_FIELDS).size).toBe(PROFILE_EDIT_FIELDS.length);
  });

  it('counts the work start date back from the day it is given', () => {
    const schema = PROFILE_EDIT_GROUPS.work_experience.schema({ today: '2026-11-22' });
    expect(schema.safeParse({ work_experience: '2025-11-22' }).success).toBe(true);
    expect(schema.safeParse({ work_experience: '2025-11-23' }).success).toBe(false);
  });

  it('has the audit name of every group', () => {
    expect(Object.keys(PROFILE_EDIT_GROUP_LABELS)).toEqual(PROFILE_EDIT_GROUP_IDS);
  });
});

describe('registration and census labels', () => {
  it.each<[keyof typeof REGISTRATION_FIELD_LABELS, string]>([
    ['identityNumber', 'Número de identidad'],
    ['firstName', 'Primer nombre'],
    ['secondName', 'Segundo nombre'],
    ['firstSurname', 'Primer apellido'],
    ['secondSurname', 'Segundo apellido'],
    ['email', 'Correo'],
    ['gender', 'Género'],
    ['birthDate', 'Fecha de nacimiento'],
    ['phone', 'Teléfono celular'],
  ])('the registration labels %s %j', (field, label) => {
    expect(REGISTRATION_FIELD_LABELS[field]).toBe(label);
  });

  it('labels every census item, in the dialog order', () => {
    expect(CENSUS_ITEMS.map((item) => CENSUS_ITEM_LABELS[item])).toEqual([
      'Primer nombre',
      'Segundo nombre',
      'Primer apellido',
      'Segundo apellido',
      'Sexo',
      'Fecha de nacimiento',
    ]);
  });
});

describe('STAFF_PROFILE_FIELD_LABELS', () => {
  it.each<[keyof typeof STAFF_PROFILE_FIELD_LABELS, string]>([
    ['customer_id', 'Número de cliente'],
    ['person_code', 'Identidad (DNI)'],
    ['realname', 'Primer nombre'],
    ['gender', 'Sexo'],
    ['created', 'Registro'],
    ['status', 'Estado'],
    ['csas', 'Clasificación'],
    ['datasend', 'Enviado a revisión'],
    ['errores_perfil', 'Motivo de la última devolución'],
    ['modified', 'Modificado'],
    ['income', 'Ingreso mensual (L)'],
    ['home_status', 'Vivienda'],
    ['dependents', 'Dependientes'],
    ['education', 'Educación'],
    ['region', 'Departamento'],
    ['city', 'Localidad'],
    ['house', 'Casa'],
    ['address_referece', 'Referencia de la dirección'],
    ['workplace', 'Lugar de trabajo'],
    ['workplace_position', 'Cargo'],
    ['work_region', 'Departamento del trabajo'],
    ['work_county', 'Municipio del trabajo'],
    ['work_city', 'Localidad del trabajo'],
    ['workplace_address', 'Dirección del trabajo'],
    ['work_experience', 'Inicio laboral'],
    ['file3', 'Recibo de servicio público'],
  ])('%s reads %j in the staff file', (field, label) => {
    expect(STAFF_PROFILE_FIELD_LABELS[field]).toBe(label);
  });
});
