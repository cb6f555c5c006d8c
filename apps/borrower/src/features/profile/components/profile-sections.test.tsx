import { fireEvent, render, screen, within } from '@testing-library/react';
import type { PayloadOf } from '@prestamos-hn/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ProfileSections } from './profile-sections';
import { ProfileStateBanner } from './profile-state-banner';

// The approved state (status '1'): no staff UI can approve a profile yet, so it is covered here with a
// contract-typed fixture instead of the end-to-end journey.
const approved: PayloadOf<'getProfile'> = {
  data: {
    customer_id: 7,
    person_code: '1501198100088',
    realname: 'WILMER',
    midname: 'JOEL',
    midname2: 'SOTO',
    surname: 'AGUILAR',
    email: 'wilmer@correo.hn',
    mob_phone: '36000088',
    gender: 'H',
    birthday: '1981-12-24',
    created: '2026-11-22',
    status: '1',
    errores_perfil: 0,
    modified: '2026-11-22',
    income_status: 'asalariado',
    business_type: '',
    income: 18000,
    bank: '2',
    account_number: '3100200388',
    marital_status: 'casado',
    home_status: 'propia',
    dependents: 2,
    dependents_who: 'Tus hijos',
    education: 'secundaria',
    region: '08',
    county: '0801',
    city: '080101',
    house: 'Casa 12',
    address_referece: 'Frente a la iglesia',
    workplace: 'Supermercado',
    workplace_position: 'Cajero',
    work_region: '08',
    work_county: '0801',
    work_city: '080101',
    workplace_address: 'Bulevar',
    work_experience: '2019-06-15',
    ref_tipo_per: 'vecino',
    ref_nom_per: 'MARÍA ELENA CRUZ',
    ref_tel_per: '98765432',
    ref_correo_per: '',
    ref_tipo_lab: 'jefe',
    ref_nom_lab: 'ROBERTO MEJÍA',
    ref_tel_lab: '97654321',
    ref_correo_lab: '',
    file1: 'identidad-frente.png',
    file2: 'identidad-reverso.png',
    file3: 'recibo-servicio-publico.png',
    file4: 'selfie.jpg',
  },
  files: [],
  csas: 'Aprobado',
  datasend: 'CMP',
  MailEst: 'CMP',
};

function renderSections(profile = approved) {
  const onOpen = vi.fn();
  const onLocked = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileSections
        profile={profile}
        lists={{ fieldOptions: undefined, locations: undefined }}
        onOpen={onOpen}
        onLocked={onLocked}
        onConfirmEmail={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return { onOpen, onLocked };
}

describe('ProfileSections once approved', () => {
  it('shows the disabled alert for every mandatory row and reference, and opens none', () => {
    const { onOpen, onLocked } = renderSections();
    for (const name of ['Datos obligatorios', 'Referencia personal', 'Referencia laboral']) {
      const rows = within(screen.getByRole('region', { name })).getAllByRole('button');
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) fireEvent.click(row);
    }
    expect(onOpen).not.toHaveBeenCalled();
    expect(onLocked).toHaveBeenCalledTimes(13 + 4 + 4);
    expect(new Set(onLocked.mock.calls.map(([message]) => message))).toEqual(
      new Set(['Este campo está deshabilitado.']),
    );
  });

  it('says each document will be available in 12 months', () => {
    const { onLocked } = renderSections();
    const documents = within(screen.getByRole('region', { name: 'Documentos' })).getAllByRole('button');
    expect(documents).toHaveLength(4);
    for (const button of documents) fireEvent.click(button);
    expect(onLocked.mock.calls).toEqual(Array(4).fill(['Esta opción estará disponible en 12 meses.']));
  });

  it('locks names and phone with their option alert, but still lets the password change', () => {
    const { onOpen, onLocked } = renderSections();
    const general = within(screen.getByRole('region', { name: 'Datos generales' }));
    fireEvent.click(general.getByRole('button', { name: /^Nombres/ }));
    fireEvent.click(general.getByRole('button', { name: /^Teléfono/ }));
    expect(onLocked.mock.calls).toEqual([
      ['Esta opción está deshabilitada.'],
      ['Esta opción está deshabilitada.'],
    ]);
    fireEvent.click(general.getByRole('button', { name: /^Contraseña/ }));
    expect(onOpen).toHaveBeenCalledWith('password');
  });
});

describe('ProfileStateBanner', () => {
  it.each([
    ['approved', '', 'Perfil aprobado: tu cuenta está habilitada para préstamos.'],
    ['awaitingReview', 'CMP', 'Perfil en revisión'],
    ['awaitingReview', '', 'Perfil completo'],
    ['incomplete', '', 'Perfil incompleto'],
  ] as const)('%s (datasend %j) reads %j', (state, datasend, text) => {
    render(
      <ProfileStateBanner
        state={state}
        datasend={datasend}
        isStage2Pending={false}
        onCompleteRegistration={vi.fn()}
        onConfirmData={vi.fn()}
      />,
    );
    expect(screen.getByText(text)).toBeTruthy();
  });
});
