import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkEnv } from '../config/env';
import { App } from './app';

describe('App', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.location.hash = '#/no-existe';
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('explains in Spanish that the API URL setting is missing, instead of starting', () => {
    render(<App check={checkEnv({ VITE_API_URL: '' })} />);

    expect(screen.getByRole('alert').textContent).toContain(
      'Error de configuración: la variable de entorno VITE_API_URL (URL de la API) no está definida.',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it(
    "shows the screen for the address without a splash (the splash is Inicio's)",
    { timeout: 20_000 },
    async () => {
      render(<App check={checkEnv({ VITE_API_URL: '/api/app' })} />);

      expect(screen.queryByRole('progressbar', { name: 'Cargando la aplicación' })).toBeNull();
      // No timer to wait for: the screen shows as soon as its code is imported (slow in the test runner).
      expect(
        await screen.findByText('La página a la que intenta acceder no existe.', {}, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('#/');
      expect(screen.queryByRole('progressbar', { name: 'Cargando la aplicación' })).toBeNull();
    },
  );

  it("shows Inicio's splash from the first paint when a logged-in borrower opens Inicio", () => {
    localStorage.setItem('sid', 'S'.repeat(43));
    window.location.hash = '#/main';
    try {
      render(<App check={checkEnv({ VITE_API_URL: '/api/app' })} />);
      expect(screen.getByRole('heading', { name: 'Préstamos HN' })).toBeTruthy();
      expect(screen.getByRole('progressbar', { name: 'Cargando la aplicación' })).toBeTruthy();
    } finally {
      localStorage.removeItem('sid');
    }
  });
});
