// Runs just before the end-to-end server starts (playwright.config.ts `webServer.command`): a fresh data
// folder, and the published version set to the apps' own.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APP_VERSION, E2E_DATA_DIR, E2E_VERSION_FILE } from './e2e-env';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });
mkdirSync(path.dirname(E2E_VERSION_FILE), { recursive: true });
writeFileSync(E2E_VERSION_FILE, APP_VERSION);
