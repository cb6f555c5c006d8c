import type { PayloadOf, ProfileData } from '@prestamos-hn/contract';

// Answers of the loan calls, typed by the contract, for the unit tests of the loans feature. They
// hold data only: no rule of the server is re-implemented here.

export const applicationProfileFixture: PayloadOf<'getApplicationProfilev2'> = {
  Products: [
    { ProCod: 1, ProTip: 'semanal', ProNom: 'Préstamo semanal', ProDsc: 'Paga cada semana, hasta 4 pagos.' },
    { ProCod: 2, ProTip: 'quincenal', ProNom: 'Préstamo quincenal', ProDsc: 'Paga cada quince días.' },
    { ProCod: 3, ProTip: 'mensual', ProNom: 'Préstamo mensual', ProDsc: 'Paga cada mes, hasta 3 pagos.' },
  ],
  Products_r: [1, 3],
  PriceList: {
    data: {
      pricelistData: [
        {
          ProCod: 1,
          PriMntDes: 500,
          PriMntHas: 3000,
          PriTerDes: 7,
          PriTerHas: 28,
          PriInt: 60,
          PriCuoTip: 'Porcentaje del importe mensual',
          PriCuo: 5,
        },
        {
          ProCod: 2,
          PriMntDes: 1000,
          PriMntHas: 5000,
          PriTerDes: 15,
          PriTerHas: 30,
          PriInt: 60,
          PriCuoTip: 'Porcentaje del importe mensual',
          PriCuo: 5,
        },
        {
          ProCod: 3,
          PriMntDes: 1000,
          PriMntHas: 10000,
          PriTerDes: 30,
          PriTerHas: 90,
          PriInt: 60,
          PriCuoTip: 'Porcentaje del importe mensual',
          PriCuo: 5,
        },
      ],
    },
  },
};

export const purposesFixture: PayloadOf<'getPurposeList'> = [
  { id: 1, title: 'Capital de trabajo' },
  { id: 2, title: 'Gastos médicos' },
];

export const noOffersFixture: PayloadOf<'getCustomerOfferList'> = { status: null, loans: {} };

type Loan = PayloadOf<'getCustomerOfferList'>['loans'][string];

/** A loan of the offer list, requested at `created`, in `status`. */
export function loanFixture(containerId: number, status: number, changes: Partial<Loan> = {}): Loan {
  return {
    container_id: containerId,
    status,
    product_id: 3,
    debt: 0,
    amount_limit: 1000,
    created: '2026-03-01T15:00:00.000Z',
    contract_content: null,
    interest: 60,
    period_type: 'mensual',
    term_days: 90,
    payments: 3,
    rejection_reason: null,
    contract_pdf_url: null,
    plan_pdf_url: null,
    ...changes,
  };
}

/** The offer list with these loans; `status` is the newest one's, as the server answers it. */
export function offersFixture(loans: Loan[], status: number | null): PayloadOf<'getCustomerOfferList'> {
  return { status, loans: Object.fromEntries(loans.map((loan) => [String(loan.container_id), loan])) };
}

export const approvedProfileFixture: ProfileData = {
  customer_id: 7,
  person_code: '0801199000011',
  realname: 'KARLA',
  midname: 'PATRICIA',
  midname2: 'REYES',
  surname: 'MARTINEZ',
  email: 'karla@correo.hn',
  mob_phone: '31000011',
  gender: 'M',
  birthday: '1990-03-15',
  created: '2026-01-05',
  status: '1',
  errores_perfil: null,
  modified: '',
  income_status: 'asalariado',
  business_type: '',
  income: 15000,
  bank: '1',
  account_number: '1234567890',
  marital_status: 'soltero',
  home_status: 'propia',
  dependents: 0,
  dependents_who: '',
  education: 'universitaria',
  region: '08',
  county: '0801',
  city: '',
  house: '',
  address_referece: '',
  workplace: 'ACME',
  workplace_position: 'CAJERA',
  work_region: '08',
  work_county: '0801',
  work_city: '',
  workplace_address: '',
  work_experience: '2020-01-01',
  ref_tipo_per: 'amigo',
  ref_nom_per: 'MARIA LOPEZ',
  ref_tel_per: '99887766',
  ref_correo_per: '',
  ref_tipo_lab: 'jefe',
  ref_nom_lab: 'JUAN PEREZ',
  ref_tel_lab: '33445566',
  ref_correo_lab: '',
  file1: 'a.png',
  file2: 'b.png',
  file3: 'c.png',
  file4: 'd.png',
};

export const bankAccountsFixture: PayloadOf<'get_bankaccount'> = [
  { account_number: '1234567890', bank: '1', current: '1' },
];

export const fieldConstructorFixture: PayloadOf<'getFieldConstructor'> = {
  data: {
    bank: { values: { '1': 'Banco Atlántida', '2': 'BAC Credomatic' } },
    home_status: { values: {} },
    income_status: { values: {} },
    business_type: { values: {} },
    marital_status: { values: {} },
    education: { values: {} },
  },
};

export const contractFixture: PayloadOf<'get_contractPre'> = {
  document_template: '<h2>CONTRATO DE PRÉSTAMO</h2><p>Monto: L 1,000.00</p>',
  title: 'Contrato de préstamo',
  version: 1,
};

export const promissoryNoteFixture: PayloadOf<'get_pagarePre'> = {
  document_template: '<h2>PAGARÉ</h2><p>Pagaré incondicionalmente L 1,000.00</p>',
  title: 'Pagaré',
  version: 2,
};
