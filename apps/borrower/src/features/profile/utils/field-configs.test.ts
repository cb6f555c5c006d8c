import { describe, expect, it } from 'vitest';
import type { EditDialogId } from './editable-rows';
import { ADDRESS_HINT, editDialogConfig, stage2DialogConfig } from './field-configs';

const today = '2026-11-22';
const reference = ['Tipo', 'Nombre', 'Celular', 'Correo (opcional)'];

describe('editDialogConfig', () => {
  it.each<[EditDialogId, string, string[]]>([
    ['names', 'Nombres', ['Primer nombre', 'Segundo nombre', 'Primer apellido', 'Segundo apellido']],
    ['workplace_position', 'Cargo', ['Cargo en el trabajo']],
    ['income', 'Ingreso mensual', ['Ingreso mensual (L)']],
    ['income_type', 'Tipo de ingreso', ['Tipo de ingreso', 'Tipo de negocio']],
    ['marital_status', 'Estado civil', ['Estado civil']],
    [
      'residence_address',
      'Dirección de domicilio',
      ['Departamento', 'Municipio', 'Colonia o barrio', 'Número de casa', 'Referencia'],
    ],
    [
      'work_address',
      'Dirección del trabajo',
      ['Departamento', 'Municipio', 'Colonia o barrio', 'Referencia del trabajo'],
    ],
    ['home_status', 'Vivienda', ['Tipo de vivienda']],
    ['workplace', 'Lugar de trabajo', ['Nombre del lugar de trabajo']],
    ['dependents', 'Número de dependientes', ['Número de dependientes']],
    ['dependents_who', 'Tipo de dependientes', ['Tipo de dependientes']],
    ['education', 'Educación', ['Nivel de educación']],
    ['bank_account', 'Banco', ['Banco', 'Número de cuenta']],
    ['work_experience', 'Fecha de inicio laboral', ['Fecha de inicio laboral']],
    ['references', 'Referencias', [...reference, ...reference]],
  ])('%s: "Editar %s" with %j', (id, title, labels) => {
    const config = editDialogConfig(id, today);
    expect(config.title).toBe(title);
    expect(config.fields.map((field) => field.label)).toEqual(labels);
  });

  it('heads each reference with its section and hints the residence address only', () => {
    const sections = editDialogConfig('references', today).fields.flatMap((f) =>
      f.section ? [f.section] : [],
    );
    expect(sections).toEqual(['Referencia personal', 'Referencia laboral']);
    expect(editDialogConfig('residence_address', today).hint).toBe(ADDRESS_HINT);
    expect(editDialogConfig('work_address', today).hint).toBeUndefined();
  });

  it('lets the municipality and neighbourhood follow the department of their own address', () => {
    const parents = (id: EditDialogId) =>
      editDialogConfig(id, today).fields.map((f) => ('parents' in f ? f.parents : []));
    expect(parents('residence_address')).toEqual([[], ['region'], ['region', 'county'], [], []]);
    expect(parents('work_address')).toEqual([[], ['work_region'], ['work_region', 'work_county'], []]);
  });

  it('bounds the work start date between 20 years and 1 year ago', () => {
    expect(editDialogConfig('work_experience', today).fields[0]).toMatchObject({
      kind: 'date',
      min: '2006-11-22',
      max: '2025-11-22',
    });
  });
});

describe('stage2DialogConfig', () => {
  const config = stage2DialogConfig(today);

  it('asks for the profile fields stage 2 fills, labelled as in the profile', () => {
    expect(config.fields.map((field) => [field.name, field.label])).toEqual([
      ['bank', 'Banco'],
      ['account_number', 'Número de cuenta'],
      ['home_status', 'Tipo de vivienda'],
      ['income_status', 'Tipo de ingreso'],
      ['business_type', 'Tipo de negocio'],
      ['marital_status', 'Estado civil'],
      ['dependents', 'Número de dependientes'],
      ['income', 'Ingreso mensual (L)'],
      ['work_experience', 'Fecha de inicio laboral'],
    ]);
  });

  it('asks for the business type of merchants only, and a work start up to today', () => {
    const business = config.fields.find((field) => field.name === 'business_type');
    expect(business?.isVisible?.({ income_status: 'comerciante' })).toBe(true);
    expect(business?.isVisible?.({ income_status: 'asalariado' })).toBe(false);
    expect(config.fields.at(-1)).toMatchObject({ kind: 'date', min: '2006-11-22', max: today });
  });

  it('checks the answers with the stage 2 schema', () => {
    const answers = {
      bank: '3',
      account_number: '200012345678',
      home_status: 'propia',
      income_status: 'asalariado',
      marital_status: 'soltero',
      dependents: '2',
      income: '15000',
      work_experience: '2019-03-01',
    };
    expect(config.schema.safeParse(answers).success).toBe(true);
    expect(config.schema.safeParse({ ...answers, account_number: '12-ab' }).success).toBe(false);
  });
});
