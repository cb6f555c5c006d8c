import type { EndpointName, Endpoints, PayloadOf } from '@prestamos-hn/contract';
import type { z } from 'zod';
import type { Deps } from '../services/deps.ts';
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
