import { writeFile } from 'node:fs/promises';
import { APP_VERSION, E2E_VERSION_FILE } from './e2e-env';

/** Pretends a deploy: the server publishes `version` from now on. */
export async function publishVersion(version: string): Promise<void> {
  await writeFile(E2E_VERSION_FILE, version);
}

export async function restorePublishedVersion(): Promise<void> {
  await publishVersion(APP_VERSION);
}
