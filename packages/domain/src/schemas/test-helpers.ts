/** Test helpers for the schemas (not exported from the package). */
import type { z } from 'zod';

/** The messages a schema reports for an input, by field path ('' for the root); {} when valid. */
export function messagesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (messages[key] ??= []).push(issue.message);
  }
  return messages;
}
