/**
 * `url` with its database name replaced: the API suite's template and per-file copies, and the
 * end-to-end server's own database, all live on the server DATABASE_URL names.
 */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
