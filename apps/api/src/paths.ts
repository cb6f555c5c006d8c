import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, so relative settings mean the same whatever the working directory. This file
 * is apps/api/src/paths.ts, or part of apps/api/dist/server.js once compiled: both three levels down.
 * Its own module (config.ts re-exports it) so that what config.ts checks at start-up (the list of
 * common passwords) can find its data without importing config.ts back.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Reference data shipped with the API (census demo identities, geography, common passwords). */
export const apiDataDir = path.join(repoRoot, 'apps/api/data');
