import { describe, expect, it } from 'vitest';
import { notFoundRoute, routeFor, routes } from './router';

describe('routes', () => {
  it.each([
    ['/login', 'login'],
    ['/recuperarpass', 'password-recovery'],
    ['/recuperarpass/eyJVc3JNYWlsIjoiYUBiLmhuIn0=', 'password-change'],
    ['/registro', 'registration'],
    ['/validarmail/abc123', 'email-validation'],
    ['/', 'home'],
    ['/chat', 'chat'],
    ['/main', 'main'],
    ['/perfil', 'profile'],
    ['/perfil/', 'profile'],
    ['/aplicar', 'loan-application'],
    ['/Aplicar', 'loan-application'],
    ['/plan', 'plan'],
    ['/plan/42', 'plan-loan'],
    ['/historial', 'history'],
    ['/no-existe', 'not-found'],
    ['/perfil/otra-cosa', 'not-found'],
  ])('serves %s with the %s route', (path, id) => {
    expect(routeFor(path).id).toBe(id);
  });

  it('loads every screen lazily, and keeps Inicio, its chat and /main one screen', () => {
    for (const route of [...routes, notFoundRoute]) expect(route.screen.preload).toBeTypeOf('function');
    expect(routeFor('/chat').screen).toBe(routeFor('/').screen);
    expect(routeFor('/main').screen).toBe(routeFor('/').screen);
  });

  it('puts the logged-in screens behind the session, the public ones not', () => {
    const loggedIn = routes.filter((route) => route.loggedIn).map((route) => route.id);
    expect(loggedIn).toEqual([
      'home',
      'chat',
      'main',
      'profile',
      'loan-application',
      'plan',
      'plan-loan',
      'history',
    ]);
    expect(notFoundRoute.loggedIn).toBeUndefined();
  });
});
