import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChunkLoadError, lazyScreen } from '../lib/lazy-route';
import { RouteErrorBoundary } from './route-error';

function Boom(): never {
  throw new Error('boom');
}

/** Runs `work` with React's report of the caught error kept out of the test's output. */
async function quietly(work: () => Promise<void>) {
  const error = console.error;
  console.error = () => {};
  try {
    await work();
  } finally {
    console.error = error;
  }
}

describe('RouteErrorBoundary', () => {
  it('offers to retry when a screen could not be downloaded', async () => {
    const Screen = lazyScreen<object>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await quietly(async () => {
      await act(async () => {
        render(
          <RouteErrorBoundary address="/perfil">
            <Screen />
          </RouteErrorBoundary>,
        );
      });
      expect(await screen.findByText('No se pudo cargar esta sección')).toBeTruthy();
    });
    expect(screen.getByText('Revisa tu conexión a internet e intenta de nuevo.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('is honest about other failures, and leaves them behind at another address', async () => {
    await quietly(async () => {
      const { rerender } = render(
        <RouteErrorBoundary address="/perfil">
          <Boom />
        </RouteErrorBoundary>,
      );
      expect(await screen.findByText('Ocurrió un error inesperado')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();

      rerender(
        <RouteErrorBoundary address="/perfil">
          <p>Perfil</p>
        </RouteErrorBoundary>,
      );
      expect(screen.getByText('Ocurrió un error inesperado')).toBeTruthy();
      rerender(
        <RouteErrorBoundary address="/plan">
          <p>Plan</p>
        </RouteErrorBoundary>,
      );
      expect(screen.getByText('Plan')).toBeTruthy();
      expect(screen.queryByText('Ocurrió un error inesperado')).toBeNull();
    });
  });

  it('recognises a timed-out download as a chunk failure', () => {
    expect(new ChunkLoadError('x').name).toBe('ChunkLoadError');
  });
});
