import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChunkLoadError, importWithTimeout } from '../lib/lazy-route';
import { RouteErrorPage } from './route-error';

function renderRouteThatFails(error: Error) {
  const router = createMemoryRouter([
    {
      path: '/',
      ErrorBoundary: RouteErrorPage,
      lazy: () => importWithTimeout(() => Promise.reject(error)),
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('RouteErrorPage', () => {
  it('offers to retry when a screen could not be downloaded', async () => {
    renderRouteThatFails(new TypeError('Failed to fetch dynamically imported module'));

    expect(await screen.findByText('No se pudo cargar esta sección')).toBeTruthy();
    expect(screen.getByText('Revisa tu conexión a internet e intenta de nuevo.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('is honest about other failures', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: RouteErrorPage,
        Component: () => {
          throw new Error('boom');
        },
      },
    ]);
    const silence = console.error;
    console.error = () => {};
    try {
      render(<RouterProvider router={router} />);
      expect(await screen.findByText('Ocurrió un error inesperado')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    } finally {
      console.error = silence;
    }
  });

  it('recognises a timed-out download as a chunk failure', () => {
    expect(new ChunkLoadError('x').name).toBe('ChunkLoadError');
  });
});
