import { describe, expect, it } from 'vitest';
import { formatNewVersionMessage, isNewVersion, parsePublishedVersion } from './published-version';

describe('parsePublishedVersion', () => {
  it('trims the file text', () => {
    expect(parsePublishedVersion(' 0.3.2\n')).toBe('0.3.2');
  });

  it.each(['', '  \n', '<!doctype html><html lang="es">', 'no es una versión'])(
    'ignores text that is not a version (%o)',
    (text) => {
      expect(parsePublishedVersion(text)).toBeUndefined();
    },
  );
});

describe('isNewVersion', () => {
  it('is true only for a different, known version', () => {
    expect(isNewVersion('0.3.2', '0.3.1')).toBe(true);
    expect(isNewVersion('0.3.1', '0.3.1')).toBe(false);
    expect(isNewVersion(undefined, '0.3.1')).toBe(false);
  });
});

describe('formatNewVersionMessage', () => {
  it('is the SPEC alert with the version', () => {
    expect(formatNewVersionMessage('9.9.9')).toBe(
      'Nueva versión disponible (9.9.9), la aplicación se reiniciará automáticamente.',
    );
  });
});
