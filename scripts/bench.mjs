// `npm run bench`: API throughput on this machine, measured with autocannon against a real server
// (PGlite in a temporary folder, production logging off). Figures go to the README, never into tests.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3201);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = mkdtempSync(path.join(tmpdir(), 'prestamos-bench-'));

const tsx = path.join(root, 'node_modules/.bin/tsx');
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  // The census lookup is rate-limited per IP; the benchmark measures the work, not the limiter.
  CENSUS_RATE_LIMIT_PER_MINUTE: '100000000',
};

// One borrower with a session and 120 notifications, written to the same database before the server
// opens it (PGlite allows one process at a time).
const { sid } = JSON.parse(
  execFileSync(tsx, [path.join(root, 'apps/api/scripts/bench-fixture.ts')], {
    cwd: root,
    env,
    encoding: 'utf8',
  }),
);

const server = spawn(tsx, [path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

const targets = [
  { name: 'bare route (GET /api/health, one SELECT 1)', method: 'GET', path: '/api/health' },
  { name: 'version check (GET /versionjs.txt)', method: 'GET', path: '/versionjs.txt' },
  {
    name: 'session refused (POST getPurposeList.php, unknown sid: one indexed lookup)',
    method: 'POST',
    path: '/api/app/getPurposeList.php',
    body: JSON.stringify({ sid: 'A'.repeat(43) }),
  },
  {
    name: 'notification badge (POST getNotificationNum.php, real session, 120 rows among 10,000 of others)',
    method: 'POST',
    path: '/api/app/getNotificationNum.php',
    body: JSON.stringify({ sid }),
  },
  {
    name: 'census lookup (GET validardatoscenso.php, simulator)',
    method: 'GET',
    path: '/api/app/validardatoscenso.php?numero_identidad=0801199000011',
  },
];

try {
  await waitForServer();
  // A benchmark of a refusal would measure the wrong thing: the session must be real.
  const badge = await (
    await fetch(`${base}/api/app/getNotificationNum.php`, { method: 'POST', body: JSON.stringify({ sid }) })
  ).json();
  if (badge.status !== 'OK' || badge.payload.NotNum !== 120) {
    throw new Error(`the bench session does not work: ${JSON.stringify(badge)}`);
  }
  const rows = [];
  for (const t of targets) {
    const result = await autocannon({
      url: base + t.path,
      method: t.method,
      body: t.body,
      headers: t.body ? { 'content-type': 'application/json' } : {},
      connections: 10,
      duration: seconds,
    });
    rows.push({
      target: t.name,
      'req/s (avg)': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
  console.log(`\n${seconds}s per target, 10 connections, ${new Date().toISOString()}`);
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
