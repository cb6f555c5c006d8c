import { z } from 'zod';

/**
 * The fields of a request whose legacy wire names (SPEC section 7: `UsrDNI`, `OtpLNum`...) the code
 * reads under English ones: for each English name, its wire name and the wire schema of its value.
 */
export type WireFields = Readonly<Record<string, readonly [wireName: string, schema: z.ZodType]>>;

type WireShape<F extends WireFields> = { -readonly [K in keyof F as F[K][0]]: F[K][1] };
type EnglishOutput<F extends WireFields> = { -readonly [K in keyof F]: z.output<F[K][1]> };

/** A wire body checked under its wire names, handed on under the English names. */
export type RenamedRequest<F extends WireFields> = z.ZodPipe<
  z.ZodObject<WireShape<F>>,
  z.ZodTransform<EnglishOutput<F>, z.output<z.ZodObject<WireShape<F>>>>
>;

/** English name -> wire name. */
export type WireNames<F extends WireFields> = { readonly [K in keyof F]: F[K][0] };

/**
 * The `request` and `wireNames` of a contract row whose fields have legacy names. The body is
 * checked under its wire names (so a wrong type names the wire field, as the legacy app expects),
 * then renamed: the handler receives `{identityNumber, ...}`, while callers still send
 * `{UsrDNI, ...}` (`RequestOf` is the wire shape). When a service refuses an English field, the API
 * answers its wire name through `wireNames`.
 */
export function fromWire<const F extends WireFields>(
  fields: F,
): { request: RenamedRequest<F>; wireNames: WireNames<F> } {
  const entries = Object.entries(fields);
  const wireShape = Object.fromEntries(entries.map(([, [wireName, schema]]) => [wireName, schema]));
  const wireNames = Object.fromEntries(entries.map(([name, [wireName]]) => [name, wireName]));
  const request = z
    .object(wireShape)
    .transform((body) => Object.fromEntries(entries.map(([name, [wireName]]) => [name, body[wireName]])));
  return {
    request: request as unknown as RenamedRequest<F>,
    wireNames: wireNames as WireNames<F>,
  };
}

/** The wire name of a field the code names `field` (itself when the row does not rename it). */
export function wireNameOf(wireNames: Readonly<Record<string, string>> | undefined, field: string): string {
  return wireNames && Object.hasOwn(wireNames, field) ? wireNames[field]! : field;
}
