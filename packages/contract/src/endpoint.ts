import type { z } from 'zod';

/**
 * Who may make a call:
 * - `public`: anyone;
 * - `session`: an active session (its `sid` in the body);
 * - `pending-session`: a session still waiting for its login code, or an active one (the code calls).
 */
export type Access = 'public' | 'session' | 'pending-session';

/**
 * How the answer is wrapped. `legacy` is the `{status, payload}` envelope of SPEC section 7.
 * `census` is the registry's own shape (`{status: 'success' | 'not_found' | …, data}`), which the
 * legacy browser read straight from the registry and which validardatoscenso.php keeps.
 */
export type Envelope = 'legacy' | 'census';

export interface EndpointDef {
  /** The file name under /api/app/. */
  file: string;
  access: Access;
  method: 'POST' | 'GET';
  envelope: Envelope;
  /** For multipart calls, the file fields it accepts. */
  multipart?: readonly string[];
  /** The body (POST) or query (GET), without `sid`; it may rename legacy fields (see `fromWire`). */
  request: z.ZodType;
  /**
   * English name -> wire name of the fields `request` renames, so that a refusal of one of them
   * names the field as the caller sent it (`UsrDNI`, not `identityNumber`).
   */
  wireNames?: Readonly<Record<string, string>>;
  /** The OK payload (or, for `census`, the whole answer). */
  payload: z.ZodType;
}

/** Keeps each row's literal types while checking it is a well-formed row. */
export const defineEndpoint = <const E extends EndpointDef>(e: E): E => e;
