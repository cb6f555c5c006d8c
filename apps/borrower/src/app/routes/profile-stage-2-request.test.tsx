import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSid } from '../../lib/session';
import { stubLegacyApi } from '../../testing/legacy-api-stub';
import { approvedProfileFixture, fieldConstructorFixture } from '../../testing/loan-fixtures';
import { Route } from 'wouter';
import { cleanUpScreen, renderRoutes } from '../../testing/render-screen';
import { Component as Profile, type ProfileLocationState } from './profile';

// Inicio's 'Completa tu perfil' opens 'Completar registro' on /perfil through the location state.

beforeEach(() => {
  setSid('S'.repeat(43));
  stubLegacyApi({
    'getProfile.php': () => ({
      ok: {
        data: { ...approvedProfileFixture, status: '0', bank: '', account_number: '' },
        files: [],
        csas: 'Nuevo',
        datasend: '',
        MailEst: 'CMP',
      },
    }),
    'getFieldConstructor.php': () => ({ ok: fieldConstructorFixture }),
    'getWalletInfo.php': () => ({ ok: { data: { amount_wallet_balance: 0 } } }),
  });
});
afterEach(cleanUpScreen);

function renderProfile(state: ProfileLocationState | null) {
  return renderRoutes(<Route path="/perfil" component={Profile} />, '/perfil', state);
}

describe('/perfil asked for stage 2', () => {
  it("opens 'Completar registro' at once", { timeout: 20_000 }, async () => {
    renderProfile({ isStage2Requested: true });
    // The dialog's chunk (its form, the field configs and their schemas) downloads first: under
    // vitest, its first transform can take longer than findBy's default second.
    expect(
      await screen.findByRole('dialog', { name: 'Completar registro' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('opens nothing without the request', async () => {
    renderProfile(null);
    expect(await screen.findByRole('button', { name: 'Completar registro' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Completar registro' })).toBeNull());
  });
});
