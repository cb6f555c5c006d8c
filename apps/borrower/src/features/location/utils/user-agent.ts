import { UNKNOWN_LABEL } from '@prestamos-hn/domain';

/** The operating systems SPEC section 3's location record names, or 'Desconocido'. */
export type OperatingSystemName = 'MacOS' | 'Windows' | 'Linux' | 'Android' | 'iOS' | typeof UNKNOWN_LABEL;

/**
 * The operating system of a user-agent text. Android and iOS are checked before Linux and MacOS,
 * whose names their user agents also carry.
 */
export function parseOperatingSystem(userAgent: string): OperatingSystemName {
  if (/Android/i.test(userAgent)) return 'Android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'iOS';
  if (/Windows/i.test(userAgent)) return 'Windows';
  if (/Macintosh|Mac OS X/i.test(userAgent)) return 'MacOS';
  if (/Linux|X11/i.test(userAgent)) return 'Linux';
  return UNKNOWN_LABEL;
}

/** Browsers in the order they must be tried: most user agents also claim Chrome and Safari. */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** The browser of a user-agent text, or 'Desconocido'. */
export function parseBrowserName(userAgent: string): string {
  return BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? UNKNOWN_LABEL;
}
