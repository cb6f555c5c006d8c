import { VERSION_CHECK_MS } from '@prestamos-hn/domain';

/** How often the app asks whether a new version was published (SPEC section 9). */
export const VERSION_CHECK_INTERVAL_MS = VERSION_CHECK_MS;

// A version is a short token such as 0.3.1 or 1.0.0-rc.1; anything else (an HTML error page, an
// empty file) says nothing about the published version and is ignored.
const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

/** The version in the text of versionjs.txt, or undefined when the text is not a version. */
export function parsePublishedVersion(text: string): string | undefined {
  const version = text.trim();
  return VERSION_PATTERN.test(version) ? version : undefined;
}

export function isNewVersion(published: string | undefined, current: string): published is string {
  return published !== undefined && published !== current;
}

export function formatNewVersionMessage(version: string): string {
  return `Nueva versión disponible (${version}), la aplicación se reiniciará automáticamente.`;
}
