type LogFn = (obj: object, msg?: string) => void;

/**
 * The part of the server's (pino) logger that services, jobs and the error mappers use; no request
 * objects reach a service. A module of its own, so the job library need not import services/deps.ts.
 */
export interface Logger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  debug: LogFn;
}
