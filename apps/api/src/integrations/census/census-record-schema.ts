import { z } from 'zod';
import type { CensusRecord } from './types';

/** The census fields of one person, as both the registry and our fixture files write them. */
export const censusRecordSchema = z.object({
  DES_PRIMER_NOMBRE: z.string(),
  DES_SEGUNDO_NOMBRE: z.string(),
  DES_PRIMER_APELLIDO: z.string().min(1),
  DES_SEGUNDO_APELLIDO: z.string(),
  COD_SEXO: z.union([z.literal(1), z.literal(2)]),
  FECHA_NACIMIENTO: z.iso.date(),
});

/** Keeps exactly the fields of {@link CensusRecord}, dropping anything else the source carries (EDAD). */
export function pickCensusRecord(data: z.infer<typeof censusRecordSchema>): CensusRecord {
  return {
    DES_PRIMER_NOMBRE: data.DES_PRIMER_NOMBRE,
    DES_SEGUNDO_NOMBRE: data.DES_SEGUNDO_NOMBRE,
    DES_PRIMER_APELLIDO: data.DES_PRIMER_APELLIDO,
    DES_SEGUNDO_APELLIDO: data.DES_SEGUNDO_APELLIDO,
    COD_SEXO: data.COD_SEXO,
    FECHA_NACIMIENTO: data.FECHA_NACIMIENTO,
  };
}
