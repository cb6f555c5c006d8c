import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The placeholder in each app's index.html that the server fills with the response's nonce. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

const nonces = new WeakMap<ServerResponse, string>();

/**
 * The style nonce of one response: 128 random bits, made on first use and kept with the response,
 * so the Content-Security-Policy header and the index.html it serves name the same one. MUI's
 * emotion cache reads it from the page (`<meta property="csp-nonce">`) and puts it on every
 * `<style>` it injects; a style an attacker injects has no nonce and is refused.
 */
export function styleNonceFor(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(res, nonce);
  }
  return nonce;
}

export type StyleNonceSource = (request: IncomingMessage, res: ServerResponse) => string;

/** helmet's `style-src` source for this response: `'nonce-…'`. */
export const styleNonceSource: StyleNonceSource = (_request, res) => `'nonce-${styleNonceFor(res)}'`;
