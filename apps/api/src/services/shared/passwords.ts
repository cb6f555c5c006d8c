import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane): `$argon2id$v=19$m=19456,t=2,p=1$…`. */
// `Algorithm` is an ambient const enum, which erasable TypeScript cannot read: 2 is Argon2id.
const ARGON2ID = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `passwordHash`. Without a hash (unknown e-mail) it still runs one
 * verification against a throw-away hash, so both answers take about the same time.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    dummyHash ??= hashPassword('una contraseña que nadie usa');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // Not an argon2 hash (never for accounts made here): no password matches it.
    return false;
  }
}
