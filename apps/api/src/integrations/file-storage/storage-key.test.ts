import { describe, expect, it } from 'vitest';
import { assertContentType, assertStorageKey } from './storage-key';

describe('assertStorageKey', () => {
  it.each(['a', 'comprobantes/2026/abc_123-x', 'perfil/0801199000011/selfie'])('accepts %j', (key) => {
    expect(() => assertStorageKey(key)).not.toThrow();
  });

  it.each([
    '',
    '../etc/passwd',
    'a/../b',
    'a/./b',
    '/absoluta',
    'final/',
    'doble//barra',
    'Mayusculas',
    'con espacio',
    'punto.jpg',
    'a\\b',
    'ñandú',
    'a'.repeat(513),
  ])('rejects %j', (key) => {
    expect(() => assertStorageKey(key)).toThrow(
      'La clave del archivo no es válida: solo a-z, 0-9, «_», «-» y «/» entre partes.',
    );
  });
});

describe('assertContentType', () => {
  it.each(['image/jpeg', 'image/png', 'application/pdf', 'text/plain; charset=utf-8'])(
    'accepts %j',
    (type) => {
      expect(() => assertContentType(type)).not.toThrow();
    },
  );

  it.each(['', 'jpeg', 'image/jpeg\r\nX-Evil: 1', 'image/png;\nx'])('rejects %j', (type) => {
    expect(() => assertContentType(type)).toThrow('El tipo de contenido del archivo no es válido.');
  });
});
