import { transportMessages } from '@prestamos-hn/contract';
import type { FastifyRequest } from 'fastify';
import { hasNul, MalformedBodyError, UserError } from '../errors.ts';
import type { UploadedFile } from '../services/uploads.ts';

/** A file of a staff upload: its form field, bytes, and the name the browser gave it (shown, never trusted). */
export interface StaffUploadedFile extends UploadedFile {
  fileName: string;
}

/** What a staff upload may carry beside its files: a few short text fields. */
const TEXT_FIELDS_MAX = 10;
const TEXT_FIELD_MAX_BYTES = 4096;

/**
 * Reads the `multipart/form-data` body of a staff row with file fields (`def.multipart`): its text
 * fields, for the row's body schema, and one file per declared field, into memory within the upload
 * limit. It runs after the session, the permission and the CSRF header were checked, so a caller
 * without them never gets a file buffered. A file over the limit is a Spanish 400 ('El archivo es
 * demasiado grande.'); an undeclared or repeated file field, a cut or NUL-carrying text field, or an
 * unreadable body is a malformed one.
 */
export async function readStaffMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
  maxBytes: number,
): Promise<{ fields: Record<string, string>; files: StaffUploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: StaffUploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: fileFields.length,
        fields: TEXT_FIELDS_MAX,
        fieldSize: TEXT_FIELD_MAX_BYTES,
        parts: fileFields.length + TEXT_FIELDS_MAX,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname) || files.some((f) => f.field === part.fieldname)) {
          throw new MalformedBodyError(`unexpected file field ${part.fieldname}`);
        }
        const data = await part.toBuffer();
        files.push({ field: part.fieldname, data, fileName: part.filename });
      } else if (part.valueTruncated || typeof part.value !== 'string' || hasNul(part.value)) {
        throw new MalformedBodyError(`unreadable text field ${part.fieldname}`);
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof MalformedBodyError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new UserError(transportMessages.fileTooLarge, { field: fileFields[0] });
    }
    throw new MalformedBodyError('unreadable multipart body');
  }
  return { fields, files };
}
