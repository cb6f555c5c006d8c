import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Correo/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Contraseña/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe('LoginForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses an empty submit with Spanish messages, without calling the server', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginForm onCodeSent={vi.fn()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(screen.getAllByText('Campo obligatorio')).toHaveLength(2);
    expect(screen.getByLabelText(/^Correo/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Correo/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the credentials as JSON and shows the server refusal', async () => {
    const fetchMock = vi.fn(async () => ({
      ok: false,
      status: 401,
      json: async () => ({ error: { code: 'unauthenticated', message: 'Correo o contraseña incorrectos.' } }),
    }));
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginForm onCodeSent={vi.fn()} />);

    fillAndSubmit(' Ana@Prestamos.hn ', 'secreta');

    expect((await screen.findByRole('alert')).textContent).toBe('Correo o contraseña incorrectos.');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/backoffice/auth/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'ana@prestamos.hn', password: 'secreta' }),
      }),
    );
  });

  it('goes on to the code step when the server accepts the password', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        ok: true,
        status: 200,
        json: async () => ({ step: 'code', message: 'Te enviamos un código de 6 dígitos a tu correo.' }),
      })),
    );
    const onCodeSent = vi.fn();
    render(<LoginForm onCodeSent={onCodeSent} />);

    fillAndSubmit(' Ana@Prestamos.hn ', 'secreta');

    await vi.waitFor(() => expect(onCodeSent).toHaveBeenCalledWith('ana@prestamos.hn'));
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<LoginForm onCodeSent={vi.fn()} />);

    fillAndSubmit('ana@prestamos.hn', 'secreta');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sin conexión. Revisa tu internet e intenta de nuevo.',
    );
    expect((screen.getByLabelText(/Correo/) as HTMLInputElement).value).toBe('ana@prestamos.hn');
  });
});
