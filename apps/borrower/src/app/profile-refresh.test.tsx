import type { ProfileData } from '@prestamos-hn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setHomeSplashShown } from '../features/home/hooks/use-home-splash';
import { useUpdateProfile } from '../features/profile/api/put-profile';
import { setSid } from '../lib/session';
import { stubLegacyApi, type StubCall } from '../testing/legacy-api-stub';
import {
  applicationProfileFixture,
  approvedProfileFixture,
  noOffersFixture,
  purposesFixture,
} from '../testing/loan-fixtures';
import { tegucigalpaFixture } from '../testing/location-fixtures';
import { Route } from 'wouter';
import { cleanUpScreen, renderRoutes } from '../testing/render-screen';
import { Component as Home } from './routes/home';
import { Component as LoanApplication } from './routes/loan-application';

// Inicio and /aplicar both show what getProfile.php answers (the status: approved or in validation).
// They read it from one cache (one query key), so a save of the profile, wherever it is made,
// reads it again once and both show the new answer.

const inValidation: ProfileData = { ...approvedProfileFixture, status: '0', errores_perfil: 0, modified: '' };
const IN_VALIDATION = 'Tu perfil sigue en proceso de validación. No puedes aún.';

let profile: ProfileData;
let calls: StubCall[];

beforeEach(() => {
  profile = inValidation;
  setSid('S'.repeat(43));
  setHomeSplashShown(true);
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (success: PositionCallback) =>
        success({ coords: { latitude: 14.0818, longitude: -87.2068 } } as GeolocationPosition),
    },
  });
  // A weekday outside Holy Week, in office hours.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T16:00:00Z'));
  calls = stubLegacyApi({
    'getProfile.php': () => ({
      ok: { data: profile, files: [], csas: 'Nuevo', datasend: '', MailEst: 'CMP' },
    }),
    'putProfile.php': (body) => {
      profile = { ...profile, ...(body.array as Partial<ProfileData>) };
      return { ok: { message: 'Tus datos se guardaron correctamente.' } };
    },
    post_locations: () => ({ ok: tegucigalpaFixture }),
    'getNotificationNum.php': () => ({ ok: { NotNum: 0 } }),
    'getChatUnread.php': () => ({ ok: { unread: 0 } }),
    'getApplicationProfilev2.php': () => ({ ok: applicationProfileFixture }),
    'getCustomerOfferList.php': () => ({ ok: noOffersFixture }),
    'getPurposeList.php': () => ({ ok: purposesFixture }),
  });
});
afterEach(cleanUpScreen);

/** The profile feature's save (putProfile.php), as /perfil's dialogs make it. */
function SaveBankAccount() {
  const save = useUpdateProfile();
  return (
    <button type="button" onClick={() => save.mutate({ bank: '2', account_number: '9876543210' })}>
      Guardar cuenta
    </button>
  );
}

/** Inicio and /aplicar side by side, with the save, in one router and one query client. */
function renderScreens() {
  renderRoutes(
    <Route path="/">
      <section aria-label="Pantalla Inicio">
        <Home />
      </section>
      <section aria-label="Pantalla Aplicar">
        <LoanApplication />
      </section>
      <SaveBankAccount />
    </Route>,
    '/',
  );
  return {
    home: within(screen.getByRole('region', { name: 'Pantalla Inicio' })),
    apply: within(screen.getByRole('region', { name: 'Pantalla Aplicar' })),
  };
}

const profileReads = () => calls.filter((call) => call.file === 'getProfile.php').length;

describe('one cache for the profile', { timeout: 30_000 }, () => {
  it('saving the profile refreshes Inicio and /aplicar, with one read of getProfile for both', async () => {
    const { home, apply } = renderScreens();
    // In validation: Inicio's Aplicar tile and /aplicar's products are closed.
    expect(await home.findByText(/Te responderemos en un plazo de 24 horas hábiles/)).toBeTruthy();
    await waitFor(() =>
      expect(home.getByRole('button', { name: /Aplicar/ }).hasAttribute('disabled')).toBe(true),
    );
    expect(await apply.findByText(IN_VALIDATION)).toBeTruthy();
    expect(apply.getByRole('button', { name: /Préstamo mensual/ }).hasAttribute('disabled')).toBe(true);

    // Staff approve the profile meanwhile (the app does not know yet); the borrower then changes the
    // bank account, which an approved profile still allows.
    profile = { ...profile, status: '1' };
    const readsBefore = profileReads();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cuenta' }));

    await waitFor(() => expect(apply.queryByText(IN_VALIDATION)).toBeNull());
    expect(apply.getByRole('button', { name: /Préstamo mensual/ }).hasAttribute('disabled')).toBe(false);
    await waitFor(() =>
      expect(home.getByRole('button', { name: /Aplicar/ }).hasAttribute('disabled')).toBe(false),
    );
    expect(home.queryByRole('region', { name: 'Validación de tu perfil' })).toBeNull();
    expect(calls.filter((call) => call.file === 'putProfile.php')).toHaveLength(1);
    expect(profileReads() - readsBefore).toBe(1);
  });

  it('Inicio and /aplicar read getProfile once between them', async () => {
    const { home, apply } = renderScreens();
    expect(await home.findByText(/Te responderemos en un plazo de 24 horas hábiles/)).toBeTruthy();
    expect(await apply.findByText(IN_VALIDATION)).toBeTruthy();
    expect(profileReads()).toBe(1);
  });
});
