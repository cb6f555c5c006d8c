// Runs just before the end-to-end server starts (playwright.config.ts `webServer.command`): a fresh data
// folder (and, with DATABASE_URL, a fresh PostgreSQL database), the published version set to the
// apps' own, and a copy of the borrower app to serve.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  APP_VERSION,
  BORROWER_BUILD,
  E2E_BORROWER_DIST,
  E2E_DATA_DIR,
  E2E_DATABASE_URL,
  E2E_VERSION_FILE,
} from './e2e-env';

if (E2E_DATABASE_URL) {
  const name = new URL(E2E_DATABASE_URL).pathname.slice(1);
  // The database DATABASE_URL named (this process sees the run's own in DATABASE_URL).
  const admin = new pg.Client({ connectionString: process.env.E2E_ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });
mkdirSync(path.dirname(E2E_VERSION_FILE), { recursive: true });
writeFileSync(E2E_VERSION_FILE, APP_VERSION);
// The borrower app the server serves: a copy that a journey may deploy another version over.
rmSync(E2E_BORROWER_DIST, { recursive: true, force: true });
cpSync(BORROWER_BUILD, E2E_BORROWER_DIST, { recursive: true });
