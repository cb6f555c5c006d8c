import { readStyleNonce } from './style-nonce.ts';

/** Escapes text for HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The page a document is shown in: the server's HTML (a contract or a promissory note, as previewed
 * in the request, as stored when accepted, or an admin's draft template in the back-office) in a
 * Spanish page with readable type. It goes into an `<iframe sandbox>` (no script, no forms, no
 * navigation of the app), and its own policy loads nothing from the network either.
 */
export function documentPage(title: string, html: string, nonce = readStyleNonce()): string {
  return [
    '<!doctype html><html lang="es"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    // A srcdoc frame inherits the app's policy too: its one <style> carries the app's nonce.
    `<style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>body{margin:12px;font-family:Roboto,"Helvetica Neue",Arial,sans-serif;font-size:14px;`,
    'line-height:1.5;color:rgba(0,0,0,0.87);overflow-wrap:anywhere}h1,h2,h3{font-size:1.1em}</style>',
    `</head><body>${html}</body></html>`,
  ].join('');
}
