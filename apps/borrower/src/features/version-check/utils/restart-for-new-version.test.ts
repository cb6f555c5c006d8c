import { describe, expect, it, vi } from 'vitest';
import { restartForNewVersion } from './restart-for-new-version';

describe('restartForNewVersion', () => {
  it('alerts, goes to the login screen, then reloads', () => {
    const calls: string[] = [];
    const location = {
      hash: '#/perfil',
      reload: vi.fn(() => calls.push(`reload ${location.hash}`)),
    };
    const alert = vi.fn((message: string) => calls.push(`alert ${message}`));

    restartForNewVersion('0.4.0', { alert, location });

    expect(calls).toEqual([
      'alert Nueva versión disponible (0.4.0), la aplicación se reiniciará automáticamente.',
      'reload #/login',
    ]);
  });

  it("restarts through the reload it is given (the service worker's), after the alert", () => {
    const calls: string[] = [];
    const location = { hash: '#/perfil', reload: vi.fn(() => calls.push('page reload')) };
    const alert = vi.fn((message: string) => calls.push(`alert ${message}`));

    restartForNewVersion('0.4.0', { alert, location }, () => calls.push(`worker reload ${location.hash}`));

    expect(calls).toEqual([
      'alert Nueva versión disponible (0.4.0), la aplicación se reiniciará automáticamente.',
      'worker reload #/login',
    ]);
  });
});
