import { z } from 'zod';
import { readJsonFileSync } from '../shared/json-file';
import { censusRecordSchema, pickCensusRecord } from './census-record-schema';
import { isCensusFound, type CensusLookup, type CensusRegistry } from './types';

const identityNumber = z.string().regex(/^\d{13}$/, 'debe tener exactamente 13 dígitos');

const statusEntry = z.object({
  numero_identidad: identityNumber,
  status: z
    .string()
    .min(1)
    .refine(
      (s) => s !== 'success',
      'una entrada con "status" describe un fallo; quite "status" para un éxito',
    ),
});
const personEntry = censusRecordSchema.extend({ numero_identidad: identityNumber });

const fixtureFileSchema = z.object({
  identities: z.array(z.union([statusEntry, personEntry])),
});

/**
 * The registry, offline: identities from JSON files shaped like `data/census-demo.json`. Files are read
 * and validated once, here, so a wrong file stops the server at start with the file's name. A later
 * file overrides an earlier one for the same number; an entry with `status` answers that status.
 */
export function createSimulatedCensusRegistry(options: { fixtureFiles: readonly string[] }): CensusRegistry {
  const answers = new Map<string, CensusLookup>();
  for (const file of options.fixtureFiles) {
    const { identities } = readJsonFileSync(file, fixtureFileSchema, 'identidades del censo');
    for (const entry of identities) {
      answers.set(
        entry.numero_identidad,
        'status' in entry ? { status: entry.status } : { status: 'success', record: pickCensusRecord(entry) },
      );
    }
  }

  return {
    lookup(identityNumber) {
      const answer = answers.get(identityNumber);
      if (!answer) return Promise.resolve({ status: 'not_found' });
      // A copy, so that a caller cannot change the registry.
      return Promise.resolve(
        isCensusFound(answer) ? { status: 'success', record: { ...answer.record } } : { ...answer },
      );
    },
  };
}
