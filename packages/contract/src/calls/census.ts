import { IDENTITY_LENGTH_MESSAGE } from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const censusData = z.object({
  DES_PRIMER_NOMBRE: z.string(),
  DES_SEGUNDO_NOMBRE: z.string(),
  DES_PRIMER_APELLIDO: z.string(),
  DES_SEGUNDO_APELLIDO: z.string(),
  COD_SEXO: z.union([z.literal(1), z.literal(2)]),
  FECHA_NACIMIENTO: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  EDAD: z.number().int().nonnegative(),
});

/** SPEC section 3: `success` with the record, `not_found`, or any other status for registry errors. */
export const censusAnswer = z.union([
  z.object({ status: z.literal('success'), data: censusData }),
  z.object({ status: z.literal('not_found') }),
  z.object({ status: z.string(), message: z.string().optional() }),
]);
export type CensusAnswer = z.infer<typeof censusAnswer>;

export const censusCalls = {
  validardatoscenso: defineEndpoint({
    file: 'validardatoscenso.php',
    access: 'public',
    method: 'GET',
    envelope: 'census',
    request: z.object({
      numero_identidad: z.string().regex(/^\d{13}$/, IDENTITY_LENGTH_MESSAGE),
    }),
    payload: censusAnswer,
  }),
};
