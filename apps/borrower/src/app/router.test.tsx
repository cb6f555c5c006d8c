import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

function routeIdFor(path: string) {
  return matchRoutes(routes, path)?.at(-1)?.route.id;
}

describe('routes', () => {
  it.each([
    ['/login', 'login'],
    ['/recuperarpass', 'password-recovery'],
    ['/recuperarpass/eyJVc3JNYWlsIjoiYUBiLmhuIn0=', 'password-change'],
    ['/registro', 'registration'],
    ['/validarmail/abc123', 'email-validation'],
    ['/', 'home'],
    ['/main', 'main'],
    ['/perfil', 'profile'],
    ['/aplicar', 'loan-application'],
    ['/Aplicar', 'loan-application'],
    ['/plan', 'plan'],
    ['/plan/42', 'plan-loan'],
    ['/historial', 'history'],
    ['/no-existe', 'not-found'],
    ['/perfil/otra-cosa', 'not-found'],
  ])('serves %s with the %s route', (path, id) => {
    expect(routeIdFor(path)).toBe(id);
  });

  it('loads every screen lazily, each behind the same error element', () => {
    const [root] = routes;
    expect(root?.ErrorBoundary).toBeTypeOf('function');
    expect(root?.children?.every((route) => typeof route.lazy === 'function')).toBe(true);
  });
});
