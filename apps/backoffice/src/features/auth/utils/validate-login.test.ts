import { describe, expect, it } from 'vitest';
import { normaliseEmail, validateLogin } from './validate-login';

describe('validateLogin', () => {
  it('requires both fields', () => {
    expect(validateLogin({ email: '  ', password: '' })).toEqual({
      email: 'Campo obligatorio',
      password: 'Campo obligatorio',
    });
  });

  it.each(['ana', 'ana@', 'ana@correo', 'ana @correo.hn', '@correo.hn'])('refuses the e-mail %o', (email) => {
    expect(validateLogin({ email, password: 'x' })).toEqual({ email: 'Ingrese un correo válido' });
  });

  it('accepts a well-formed e-mail and any non-empty password', () => {
    expect(validateLogin({ email: ' Ana.Lopez@Prestamos.hn ', password: 'x' })).toEqual({});
  });

  it('sends the e-mail trimmed and lower-cased', () => {
    expect(normaliseEmail(' Ana.Lopez@Prestamos.hn ')).toBe('ana.lopez@prestamos.hn');
  });
});
