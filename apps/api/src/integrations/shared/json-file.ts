import { readFileSync } from 'node:fs';
import type { z } from 'zod';

/**
 * Reads and validates a JSON file at start, so that a wrong file stops the server with a message that
 * names the file and the field, instead of failing later on a borrower's request.
 */
export function readJsonFileSync<T>(file: string, schema: z.ZodType<T>, what: string): T {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`No se pudo leer el archivo de ${what} ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`El archivo de ${what} ${file} no es JSON válido: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(raíz)'}: ${issue.message}`,
    );
    throw new Error(`El archivo de ${what} ${file} no es válido:\n${issues.join('\n')}`);
  }
  return parsed.data;
}
