import type { EndpointName, Endpoints, PayloadOf } from '@prestamos-hn/contract';
import type { z } from 'zod';
import type { Deps } from '../services/deps.ts';
import type { JsonText } from './envelope.ts';
import type { UploadedFile } from '../services/uploads.ts';
import type { SessionContext } from '../services/sessions.ts';

export interface HandlerContext<N extends EndpointName> {
  deps: Deps;
  input: z.output<Endpoints[N]['request']>;
  /** Present for `session` and `pending-session` calls. */
  session: Endpoints[N]['access'] extends 'public' ? undefined : SessionContext;
  ip: string;
  userAgent: string | undefined;
  /** For multipart rows: the files of the row's declared fields, as read (already within the size limit). */
  files?: UploadedFile[];
}

/** A handler returns the OK payload or throws a typed error; it never builds an envelope. */
export type Handler<N extends EndpointName> = (ctx: HandlerContext<N>) => Promise<PayloadOf<N>>;

export type HandlerTable<K extends EndpointName> = { [N in K]: Handler<N> };

/**
 * A session call that checks its session itself, in ONE prepared statement with its own read
 * (resolveSessionWith): the calls every open app polls or makes on each screen load. It receives the
 * raw `sid`; the input is parsed after the session check, as for every session call.
 */
export type OneStatementHandler<N extends EndpointName> = (ctx: {
  deps: Deps;
  sid: unknown;
  /** The request's other fields as sent, unparsed (a statement's parameter may come from one). */
  fields: Readonly<Record<string, unknown>>;
  parseInput: () => z.output<Endpoints[N]['request']>;
}) => Promise<PayloadOf<N> | JsonText<PayloadOf<N>>>;

export type OneStatementTable<K extends EndpointName> = { [N in K]: OneStatementHandler<N> };
