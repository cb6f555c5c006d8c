import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSid, setSid } from '../../lib/session';
import { stubLegacyApi, type StubCall } from '../../testing/legacy-api-stub';
import { cleanUpScreen, renderRoutes } from '../../testing/render-screen';
import { Component as LoggedInLayout, type LoggedInRouteHandle } from './logged-in-layout';

const ownBack: LoggedInRouteHandle = { hasOwnBackButton: true };

let calls: StubCall[];
beforeEach(() => {
  setSid('S'.repeat(43));
  calls = stubLegacyApi({ logout: () => ({ ok: { message: 'Sesión cerrada.' } }) });
});
afterEach(cleanUpScreen);

function renderAt(path: string) {
  return renderRoutes(
    <Switch>
      <Route path="/login">
        <h1>Ingreso</h1>
      </Route>
      <Route path="/plan">
        <LoggedInLayout handle={ownBack}>
          <h1>Plan</h1>
        </LoggedInLayout>
      </Route>
      <Route path="/perfil">
        <LoggedInLayout handle={{}}>
          <h1>Perfil</h1>
        </LoggedInLayout>
      </Route>
      <Route path="/">
        <LoggedInLayout handle={{}}>
          <h1>Inicio</h1>
        </LoggedInLayout>
      </Route>
    </Switch>,
    path,
  );
}

describe('the top bar of a logged-in screen', () => {
  it("goes back to Inicio by its back arrow 'Volver' and by the brand", async () => {
    const router = renderAt('/perfil');
    const back = screen.getByRole('link', { name: 'Volver' });
    expect(back.getAttribute('href')).toBe('#/');
    fireEvent.click(back);
    await waitFor(() => expect(router.location().pathname).toBe('/'));

    act(() => router.navigate('/perfil'));
    fireEvent.click(await screen.findByRole('link', { name: 'Préstamos HN: ir a Inicio' }));
    await waitFor(() => expect(router.location().pathname).toBe('/'));
  });

  it('has no second back arrow on a screen with its own, but keeps the brand link', () => {
    renderAt('/plan');
    expect(screen.queryByRole('link', { name: 'Volver' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Préstamos HN: ir a Inicio' }).getAttribute('href')).toBe('#/');
  });

  it("asks '¿Cerrar sesión?' first: 'Cancelar' keeps the session, 'Cerrar sesión' ends it", async () => {
    const router = renderAt('/perfil');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Cerrar sesión?' });
    // The safe answer has the focus, so Enter by mistake does not log out.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Cerrar sesión?' })).toBeNull());
    expect(calls).toEqual([]);
    expect(getSid()).not.toBeNull();
    expect(router.location().pathname).toBe('/perfil');

    // Escape also keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    dialog = await screen.findByRole('dialog', { name: '¿Cerrar sesión?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Cerrar sesión?' })).toBeNull());
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    dialog = await screen.findByRole('dialog', { name: '¿Cerrar sesión?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(router.location().pathname).toBe('/login'));
    expect(calls.map((call) => call.file)).toEqual(['logout.php']);
    expect(getSid()).toBeNull();
  });
});
