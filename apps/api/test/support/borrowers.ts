import { borrowers } from '../../src/db/schema/index.ts';
import type { Deps } from '../../src/services/deps.ts';
import { createSession, type SessionState } from '../../src/services/sessions.ts';

let counter = 0;

/**
 * Inserts a borrower straight into the database, for tests of calls that need one before the
 * registration flow exists. Each call makes a different person.
 */
export async function insertBorrower(deps: Pick<Deps, 'db'>): Promise<number> {
  counter += 1;
  const n = String(counter).padStart(5, '0');
  const [row] = await deps.db
    .insert(borrowers)
    .values({
      personCode: `08011990${n}`,
      email: `persona${n}.${process.pid}@example.com`,
      mobPhone: `9${String(process.pid % 1000).padStart(3, '0')}${n.slice(1)}`,
      firstName: 'PRUEBA',
      firstSurname: 'PERSONA',
      gender: 'F',
      birthday: '1990-01-01',
      passwordHash: 'not-a-real-hash',
    })
    .returning({ id: borrowers.id });
  return row!.id;
}

export async function sessionFor(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  state: SessionState = 'active',
): Promise<{ sid: string; borrowerId: number; sessionId: number }> {
  const borrowerId = await insertBorrower(deps);
  const { sid, session } = await createSession(deps, { borrowerId, state });
  return { sid, borrowerId, sessionId: session.id };
}
