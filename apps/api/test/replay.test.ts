import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { BASELINE_PATH, checkReplay, readRecording, REPLAY_START } from './replay/replay.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The API's answers are fixed: the replay of apps/api/test/replay/replay.ts (about 250 requests of
// the borrower app's legacy calls and the staff API, refusals included, over two and a half months
// of a manual clock with the daily servicing runs) must answer byte for byte what
// apps/api/test/replay/baseline.json recorded, up to the normalized random values (session ids,
// cookies, CSRF tokens, one-time codes, e-mailed tokens, chat tickets). A refactor that must not
// change behaviour keeps this test green as it is. A change that means to change an answer
// re-records the baseline on purpose, and the baseline's diff shows what changed:
//
//   npm run replay:api -- --record apps/api/test/replay/baseline.json
//
// (`npm run replay:api -- --check apps/api/test/replay/baseline.json` runs the same check outside
// vitest.) The app here is the API suite's own (createTestApp: PGlite, or PostgreSQL with
// DATABASE_URL); the script builds the same app itself.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: REPLAY_START });
});
afterAll(() => t.close());

describe('the API replay', () => {
  it('answers the recorded requests as the baseline does', { timeout: 180_000 }, async () => {
    const comparison = await checkReplay(t, readRecording(path.join(repoRoot, BASELINE_PATH)));
    if (!comparison.identical) expect.fail(comparison.report);
    expect(comparison.count).toBeGreaterThan(100);
  });
});
