import type { StaffBinaryAnswer, StaffEndpointDef } from '@prestamos-hn/contract';
import type { FastifyReply } from 'fastify';
import { isDeepStrictEqual } from 'node:util';

export function isBinaryAnswer(value: unknown): value is StaffBinaryAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { contentType?: unknown }).contentType === 'string' &&
    (value as { data?: unknown }).data instanceof Uint8Array
  );
}

/** Sends a file row's bytes: inline (or a download when it has a name), never cached, never sniffed as another type. */
export function sendFile(reply: FastifyReply, file: StaffBinaryAnswer): FastifyReply {
  const bytes = Buffer.isBuffer(file.data)
    ? file.data
    : Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      file.filename === undefined
        ? 'inline'
        : `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
    )
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

/**
 * Outside production, what is wrong with a handler's answer for its row, if anything: the JSON it
 * becomes must parse with the row's response schema and lose nothing doing so (a field the schema
 * does not describe is a mismatch too); a file must be one of the row's content types. The types
 * already check handlers at compile time; this catches what types cannot see (a Date where the JSON
 * carries a string, a number the database hands over as text, an extra field).
 */
export function answerMismatch(response: StaffEndpointDef['response'], answer: unknown): string | undefined {
  if (response.kind === 'binary') {
    if (!isBinaryAnswer(answer)) return 'a file row must answer {contentType, data}';
    if (!response.contentTypes.includes(answer.contentType)) {
      return `content type ${answer.contentType} is not one of ${response.contentTypes.join(', ')}`;
    }
    return undefined;
  }
  const json: unknown = JSON.parse(JSON.stringify(answer ?? {}));
  const parsed = response.schema.safeParse(json);
  if (!parsed.success) {
    return parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
      .join('; ');
  }
  if (!isDeepStrictEqual(parsed.data, json))
    return 'the answer has fields its response schema does not describe';
  return undefined;
}
