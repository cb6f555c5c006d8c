import type { StaffEndpointName, StaffEndpoints, StaffResponseOf } from '@prestamos-hn/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../services/deps.ts';
import type { StaffSession } from '../services/staff/staff-sessions.ts';
import type { StaffUploadedFile } from './multipart.ts';

/** A row's params, query or body as its schema parsed them (undefined for a row without one). */
type Parsed<N extends StaffEndpointName, K extends 'params' | 'query' | 'body'> = StaffEndpoints[N] extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

type SessionOf<N extends StaffEndpointName> = StaffEndpoints[N]['access'] extends 'public'
  ? undefined
  : StaffSession;

export interface StaffHandlerContext<N extends StaffEndpointName> {
  deps: Deps;
  params: Parsed<N, 'params'>;
  query: Parsed<N, 'query'>;
  body: Parsed<N, 'body'>;
  /** The session of the cookie (pending for `pending` rows); undefined only for public rows. */
  session: SessionOf<N>;
  /** The session cookie's token (for the CSRF token); undefined only for public rows. */
  token: StaffEndpoints[N]['access'] extends 'public' ? undefined : string;
  client: { ip: string; userAgent?: string };
  /** For the auth rows' cookies only: the registrar sends the answer. */
  reply: FastifyReply;
  /** The files of a `multipart` row's upload; empty for every other row. */
  files: StaffUploadedFile[];
}

/**
 * A handler calls services and returns its row's answer (the JSON, or a file's bytes and type) or
 * throws a typed error; it never sends the reply itself.
 */
export type StaffHandler<N extends StaffEndpointName> = (
  ctx: StaffHandlerContext<N>,
) => Promise<StaffResponseOf<N>>;

/** One handler per row of `K`: a missing one, or one answering another shape, is a compile error. */
export type StaffHandlerTable<K extends StaffEndpointName> = { [N in K]: StaffHandler<N> };
