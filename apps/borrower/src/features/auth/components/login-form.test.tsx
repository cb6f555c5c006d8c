import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { cleanUpScreen, renderRoutes } from '../../../testing/render-screen';
import { LoginForm } from './login-form';

afterEach(cleanUpScreen);

function renderLogin() {
  renderRoutes(
    <Route path="/login">
      <LoginForm onLoggedIn={() => {}} />
    </Route>,
    '/login',
  );
}

describe('LoginForm on a network failure', () => {
  it.each([
    ['Chrome', new TypeError('Failed to fetch')],
    ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari', new TypeError('Load failed')],
    ['a timeout', new DOMException('signal timed out', 'TimeoutError')],
  ])('says "Sin conexión" in Spanish (%s) and keeps what was typed', async (_browser, thrown) => {
    vi.stubGlobal('fetch', () => Promise.reject(thrown));
    renderLogin();
    const email = screen.getByLabelText('Correo') as HTMLInputElement;
    const password = screen.getByLabelText('Contraseña') as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'ana@correo.hn' } });
    fireEvent.change(password, { target: { value: 'Secreta123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Sin conexión. Revisa tu internet e intenta de nuevo.');
    expect(email.value).toBe('ana@correo.hn');
    expect(password.value).toBe('Secreta123');
    expect(document.body.textContent).not.toMatch(/fetch|Load failed|timed out/);
  });
});
