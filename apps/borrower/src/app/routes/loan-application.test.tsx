import type { PayloadOf } from '@prestamos-hn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSid } from '../../lib/session';
import { stubLegacyApi } from '../../testing/legacy-api-stub';
import {
  applicationProfileFixture,
  approvedProfileFixture,
  loanFixture,
  noOffersFixture,
  offersFixture,
  purposesFixture,
} from '../../testing/loan-fixtures';
import { Route, Switch } from 'wouter';
import { cleanUpScreen, renderRoutes } from '../../testing/render-screen';
import { Component as LoanApplication } from './loan-application';

// /aplicar with contract-typed answers: the banner for each request status, which tiles can be
// clicked, and where a network failure goes.
let offers: PayloadOf<'getCustomerOfferList'>;
let profileStatus: string;

beforeEach(() => {
  setSid('S'.repeat(43));
  offers = noOffersFixture;
  profileStatus = '1';
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (_: PositionCallback, failure: PositionErrorCallback) =>
        failure({ code: 2, PERMISSION_DENIED: 1, message: 'no' } as GeolocationPositionError),
    },
  });
  stubLegacyApi({
    'getApplicationProfilev2.php': () => ({ ok: applicationProfileFixture }),
    'getCustomerOfferList.php': () => ({ ok: offers }),
    'getProfile.php': () => ({
      ok: {
        data: { ...approvedProfileFixture, status: profileStatus },
        files: [],
        csas: 'Aprobado',
        datasend: 'CMP',
        MailEst: 'CMP',
      },
    }),
    'getPurposeList.php': () => ({ ok: purposesFixture }),
  });
});
afterEach(cleanUpScreen);

function renderScreen() {
  return renderRoutes(
    <Switch>
      <Route path="/aplicar" component={LoanApplication} />
      <Route path="/login">
        <p>Pantalla de ingreso</p>
      </Route>
    </Switch>,
    '/aplicar',
  );
}

const tile = (name: string) => screen.getByRole('button', { name: new RegExp(name) });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

/** The status banner, once the screen has loaded (the loading message is a status too). */
async function findBanner(): Promise<HTMLElement> {
  await screen.findByRole('list', { name: 'Productos' });
  return screen.getByRole('status');
}

describe('/aplicar', { timeout: 30_000 }, () => {
  it('shows a loading message, then the tiles in display order; allowed products open the request', async () => {
    renderScreen();
    expect(screen.getByRole('status').textContent).toBe('Cargando tus opciones de préstamo…');
    const list = await screen.findByRole('list', { name: 'Productos' });
    // Three products: the last two swap places.
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => within(button).getByText(/^Préstamo /).textContent),
    ).toEqual(['Préstamo semanal', 'Préstamo mensual', 'Préstamo quincenal']);
    expect(isDisabled(tile('Préstamo semanal'))).toBe(false);
    expect(isDisabled(tile('Préstamo mensual'))).toBe(false);
    // Not in Products_r.
    expect(isDisabled(tile('Préstamo quincenal'))).toBe(true);
    expect(
      within(tile('Préstamo quincenal')).getByText('Este producto no está disponible para ti.'),
    ).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: /Historial/ }).getAttribute('href')).toBe('#/historial');
    expect(screen.getByRole('link', { name: 'Revisa tu perfil' }).getAttribute('href')).toBe('#/perfil');

    fireEvent.click(tile('Préstamo mensual'));
    expect(await screen.findByRole('dialog', { name: 'Solicitud de préstamo' })).toBeTruthy();
  });

  it.each<[string, number, RegExp]>([
    [
      'received',
      0,
      /Recibimos tu solicitud.*La estamos revisando\. Te daremos una respuesta en un máximo de 24 horas\./,
    ],
    ['with an agent', 1, /Tu solicitud está en validación.*Un agente ya tiene tu solicitud/],
    ['gathered', 5, /Tu solicitud está en validación/],
  ])('a request %s (status %i) shows its banner and blocks every tile', async (_, status, text) => {
    offers = offersFixture([loanFixture(9, status)], status);
    renderScreen();
    expect((await findBanner()).textContent).toMatch(text);
    for (const name of ['Préstamo semanal', 'Préstamo mensual', 'Préstamo quincenal']) {
      expect(isDisabled(tile(name))).toBe(true);
    }
    expect(
      screen.getByText('Ya tienes una solicitud o un préstamo activo. No puedes solicitar otro por ahora.'),
    ).toBeTruthy();
  });

  it('an active loan (status 3) blocks the tiles without a banner', async () => {
    offers = offersFixture([loanFixture(9, 3)], 3);
    renderScreen();
    await screen.findByRole('list', { name: 'Productos' });
    expect(isDisabled(tile('Préstamo mensual'))).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a rejected request shows the reason the server gives, and the tiles open again', async () => {
    offers = offersFixture(
      [loanFixture(9, 2, { rejection_reason: 'Tu cuenta bancaria no está a tu nombre.' })],
      2,
    );
    renderScreen();
    const banner = await findBanner();
    expect(banner.textContent).toContain('Tu solicitud fue rechazada');
    expect(banner.textContent).toContain('Motivo: Tu cuenta bancaria no está a tu nombre.');
    expect(isDisabled(tile('Préstamo mensual'))).toBe(false);
  });

  it('a fully paid loan (status 4) says so, and the tiles open again', async () => {
    offers = offersFixture([loanFixture(9, 4)], 4);
    renderScreen();
    expect((await findBanner()).textContent).toContain(
      '¡Pagaste tu préstamo por completo! Ya puedes solicitar uno nuevo.',
    );
    expect(isDisabled(tile('Préstamo mensual'))).toBe(false);
  });

  it('a profile not approved yet cannot choose a product', async () => {
    profileStatus = '0';
    renderScreen();
    await screen.findByRole('list', { name: 'Productos' });
    expect(isDisabled(tile('Préstamo mensual'))).toBe(true);
    expect(screen.getByText('Tu perfil sigue en proceso de validación. No puedes aún.')).toBeTruthy();
  });

  it('goes to /login when the loan data cannot be loaded (network failure)', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const router = renderScreen();
    await waitFor(() => expect(router.location().pathname).toBe('/login'), { timeout: 20_000 });
  });
});
