import type { StaffPermission } from '@prestamos-hn/domain';
import type { z } from 'zod';

/**
 * Who may call a staff route:
 * - `public`: anyone (the password step of the login);
 * - `pending`: a session waiting for its e-mailed code (cookie `bo_pending`);
 * - `staff`: any logged-in staff member (cookie `bo_session`);
 * - a permission of the domain's table: a logged-in staff member whose role has it.
 * Every state-changing call of a `staff` or permission row also needs the `x-csrf-token` header.
 */
export type StaffAccess = 'public' | 'pending' | 'staff' | StaffPermission;

export type StaffMethod = 'GET' | 'POST' | 'PATCH';

/** A JSON answer (HTTP 200), described by its schema. Response schemas have no transforms or defaults. */
export interface StaffJsonResponse<S extends z.ZodType = z.ZodType> {
  kind: 'json';
  schema: S;
}

/** File bytes (HTTP 200) of one of these content types, sent `private, no-store` and inline. */
export interface StaffBinaryResponse {
  kind: 'binary';
  contentTypes: readonly string[];
}

/** What a binary row answers: the bytes and their content type (the server sends, the client reads). */
export interface StaffBinaryAnswer {
  contentType: string;
  data: Uint8Array;
  /** Sent as a download (`attachment`) under this name instead of inline (the CSV exports). */
  filename?: string;
}

export interface StaffEndpointDef {
  method: StaffMethod;
  /** Under `/api/backoffice`, with `:name` for each path parameter, e.g. `/borrowers/:id`. */
  path: `/${string}`;
  access: StaffAccess;
  /** One line for the API description (OpenAPI summary). */
  summary: string;
  /** The path parameters (strings on the wire, so schemas coerce). Its keys are the path's `:names`. */
  params?: z.ZodType;
  /** The query string (strings on the wire, so schemas coerce). */
  query?: z.ZodType;
  /** The JSON body of a POST or PATCH; for a `multipart` row, its text fields. */
  body?: z.ZodType;
  /**
   * The file fields of a row that takes `multipart/form-data` (a file upload): each at most one file
   * within the upload size limit, read only after the session, permission and CSRF checks passed.
   * The text fields are parsed by `body`. Other rows refuse a multipart body.
   */
  multipart?: readonly string[];
  response: StaffJsonResponse | StaffBinaryResponse;
}

/** Keeps each row's literal types (method, path, access, schemas) while checking it is a well-formed row. */
export const defineStaffEndpoint = <const E extends StaffEndpointDef>(e: E): E => e;

export const jsonResponse = <S extends z.ZodType>(schema: S): StaffJsonResponse<S> => ({
  kind: 'json',
  schema,
});

export const binaryResponse = <const T extends readonly string[]>(
  contentTypes: T,
): StaffBinaryResponse & { contentTypes: T } => ({ kind: 'binary', contentTypes });

/** A photo staff view (a document, a receipt, a chat message's): PNG, JPEG or WEBP, as uploaded. */
export const imageResponse = binaryResponse(['image/png', 'image/jpeg', 'image/webp']);
