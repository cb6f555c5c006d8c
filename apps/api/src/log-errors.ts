/**
 * How an error goes into the log (pino's `err` serializer, app.ts): its type, its message's first
 * line and, for a database error, only the driver's code and the names of the constraint, table and
 * column. Never the SQL text or its parameters (a query error carries both: identity numbers,
 * e-mails, phone numbers) and, below the `debug` level, never the stack (paths and code of the
 * server). Issue 15, point 8; docs/security.md.
 */
export function serializeLoggedError(error: unknown, withStack: boolean): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const cause = (error as { cause?: unknown }).cause;
  const type = error.constructor?.name || error.name;
  const isQuery = type === 'DrizzleQueryError' || error.message.startsWith('Failed query:');
  const database = isQuery ? (cause ?? error) : error;
  const fields = databaseFields(database);
  const out: Record<string, unknown> = { type };
  if (isQuery) {
    out.message = 'database query failed';
    // A server's own message (e.g. 'invalid input syntax for type integer: "…"') may quote a value;
    // a driver's or connection's (no SQLSTATE code) does not, and says what went wrong.
    if (cause instanceof Error && !fields.code) out.cause = `${cause.name}: ${firstLine(cause.message)}`;
  } else {
    out.message = firstLine(error.message);
  }
  Object.assign(out, fields);
  if (withStack && error.stack) out.stack = error.stack.split('\nparams:')[0];
  return out;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 300);
}

/** PostgreSQL's error fields that name no value: SQLSTATE code, constraint, table, column. */
function databaseFields(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null) return {};
  const out: Record<string, string> = {};
  for (const key of ['code', 'constraint', 'table', 'column'] as const) {
    const value = (error as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}
