import { byDocumentField, FILE_TYPES } from '@prestamos-hn/domain';

// Without zod, so the profile screen lists its documents without the calls' schemas (issue 33).
// ./profile.ts re-exports it.

/**
 * The multipart file fields of putProfileFile.php and the document type each carries: `file1` front
 * ID (19), `file2` back ID (20), `file3` utility bill (21), `file4` selfie (18).
 */
export const profileFileFields = byDocumentField(FILE_TYPES);
export type ProfileFileField = keyof typeof profileFileFields;
