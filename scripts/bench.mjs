// `npm run bench`: API throughput on this machine, measured with autocannon (10 connections) against a
// real server (production logging off), on PGlite (a temporary folder) and on PostgreSQL (a fresh
// database on BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/test; skipped
// when no server answers). Side by side in the same run, a minimal Fastify handler doing the same two
// indexed queries as getNotificationNum.php (scripts/bench-reference.mjs), so the cost of the stack
// around the query reads as a ratio. Prints a table and writes it to the README's "Benchmarks"
// section (not with BENCH_README=0, as CI's one-second smoke run sets). Figures go to the README,
// never into tests.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3201);
const referencePort = port + 1;
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** The badge and the reference alternate in this many slices of seconds / ROUNDS each. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const tsx = path.join(root, 'node_modules/.bin/tsx');

const baseEnv = {
  ...process.env,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  // Every call is rate-limited per IP (the census lookup more tightly); the benchmark's one client
  // would be refused within a second. The limits stay on, counting as in production, but high
  // enough never to refuse: it measures the work, the counting included.
  CENSUS_RATE_LIMIT_PER_MINUTE: '100000000',
  CEILING_CENSUS_LOOKUPS_PER_HOUR: '100000000',
  RATE_LIMIT_PER_MINUTE: '100000000',
};
delete baseEnv.DATABASE_URL;

/** One borrower with a session and 120 notifications among 10,000 of others (bench-fixture.ts). */
function fixture(env) {
  return JSON.parse(
    execFileSync(tsx, [path.join(root, 'apps/api/scripts/bench-fixture.ts')], {
      cwd: root,
      env,
      encoding: 'utf8',
    }),
  ).sid;
}

async function waitFor(url) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url, { method: url.endsWith('.php') ? 'POST' : 'GET' })).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not start`);
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  return exited;
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function targets(sid) {
  const badge = JSON.stringify({ sid });
  return [
    { name: 'readiness (GET /api/ready, two catalog SELECTs)', url: `${base}/api/ready`, method: 'GET' },
    { name: 'version check (GET /versionjs.txt)', url: `${base}/versionjs.txt`, method: 'GET' },
    {
      name: 'session refused (getPurposeList.php, unknown sid)',
      url: `${base}/api/app/getPurposeList.php`,
      method: 'POST',
      body: JSON.stringify({ sid: 'A'.repeat(43) }),
    },
    {
      name: 'notification badge (getNotificationNum.php, 120 rows among 10,000)',
      url: `${base}/api/app/getNotificationNum.php`,
      method: 'POST',
      body: badge,
      badge: true,
    },
    {
      name: 'reference: minimal Fastify handler, same two queries',
      url: `http://127.0.0.1:${referencePort}/getNotificationNum.php`,
      method: 'POST',
      body: badge,
      reference: true,
    },
    {
      name: 'notification list (getNotification.php)',
      url: `${base}/api/app/getNotification.php`,
      method: 'POST',
      body: badge,
    },
    { name: 'profile (getProfile.php)', url: `${base}/api/app/getProfile.php`, method: 'POST', body: badge },
    {
      name: 'census lookup (validardatoscenso.php, simulator)',
      url: `${base}/api/app/validardatoscenso.php?numero_identidad=0801199000011`,
      method: 'GET',
    },
  ];
}

async function expectBadge(url, sid) {
  const answer = await (
    await fetch(url, {
      method: 'POST',
      body: JSON.stringify({ sid }),
      headers: { 'content-type': 'application/json' },
    })
  ).json();
  // A benchmark of a refusal would measure the wrong thing: the session must be real.
  if (answer.status !== 'OK' || answer.payload.NotNum !== 120) {
    throw new Error(`the bench session does not work at ${url}: ${JSON.stringify(answer)}`);
  }
}

/** Prepares one database kind, starts the server and the reference on it, measures every target. */
async function benchOn(kind) {
  const temp = [];
  let serverEnv;
  let referenceEnv;
  let database;
  if (kind === 'PostgreSQL') {
    database = `prestamos_bench_${process.pid}`;
    await adminQuery(`drop database if exists ${database}`);
    await adminQuery(`create database ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    serverEnv = { ...baseEnv, DATABASE_URL: url.href };
    referenceEnv = serverEnv;
  } else {
    const serverDir = mkdtempSync(path.join(tmpdir(), 'prestamos-bench-'));
    const referenceDir = mkdtempSync(path.join(tmpdir(), 'prestamos-bench-ref-'));
    temp.push(serverDir, referenceDir);
    serverEnv = { ...baseEnv, DATA_DIR: serverDir };
    referenceEnv = { ...baseEnv, DATA_DIR: referenceDir };
  }
  const sid = fixture(serverEnv);
  // PGlite is one process's: the reference gets its own copy of the same data, and its own session.
  const referenceSid = referenceEnv === serverEnv ? sid : fixture(referenceEnv);

  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...serverEnv, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const reference = spawn(process.execPath, [path.join(root, 'scripts/bench-reference.mjs')], {
    cwd: root,
    env: { ...referenceEnv, PORT: String(referencePort) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitFor(`${base}/api/health`);
    await waitFor(`http://127.0.0.1:${referencePort}/getNotificationNum.php`);
    await expectBadge(`${base}/api/app/getNotificationNum.php`, sid);
    await expectBadge(`http://127.0.0.1:${referencePort}/getNotificationNum.php`, referenceSid);
    const measure = async (t, duration) => {
      const body = t.reference ? JSON.stringify({ sid: referenceSid }) : t.body;
      return autocannon({
        url: t.url,
        method: t.method,
        body,
        headers: body ? { 'content-type': 'application/json' } : {},
        connections: 10,
        duration,
      });
    };
    const all = targets(sid);
    const results = new Map();
    // The badge and its reference take turns (ROUNDS slices each), so that a change in the shared
    // machine's load between them weighs on both alike.
    const pair = all.filter((t) => t.badge || t.reference);
    const slices = new Map(pair.map((t) => [t, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of pair) slices.get(t).push(await measure(t, Math.max(1, Math.round(seconds / ROUNDS))));
    }
    for (const [t, runs] of slices) {
      const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      results.set(t, {
        requests: { average: runs.reduce((sum, r) => sum + r.requests.average, 0) / runs.length },
        latency: { p50: middle(runs.map((r) => r.latency.p50)), p99: middle(runs.map((r) => r.latency.p99)) },
        errors: runs.reduce((sum, r) => sum + r.errors, 0),
        non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
      });
    }
    for (const t of all) if (!results.has(t)) results.set(t, await measure(t, seconds));
    const rows = [];
    for (const t of all) {
      const result = results.get(t);
      rows.push({
        database: kind,
        target: t.name,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        errors: result.errors + result.non2xx,
        badge: t.badge === true,
        reference: t.reference === true,
      });
    }
    const badge = rows.find((r) => r.badge);
    const ref = rows.find((r) => r.reference);
    for (const row of rows) {
      row['vs reference'] = row.badge ? `${(badge['req/s'] / ref['req/s']).toFixed(2)}x` : '';
      delete row.badge;
      delete row.reference;
    }
    return rows;
  } finally {
    await stop(server);
    await stop(reference);
    for (const dir of temp) rmSync(dir, { recursive: true, force: true });
    if (database) await adminQuery(`drop database if exists ${database} with (force)`);
  }
}

const rows = [];
if (await postgresReachable()) rows.push(...(await benchOn('PostgreSQL')));
else console.log(`PostgreSQL does not answer at ${adminUrl}: only PGlite is measured.`);
rows.push(...(await benchOn('PGlite')));

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
console.log(`\n${seconds}s per target, 10 connections, ${when} UTC`);
console.table(rows);

const headers = Object.keys(rows[0]);
const section = [
  '<!-- bench:start (written by npm run bench) -->',
  `Run of ${when} UTC, ${seconds} s per target (the badge and the reference in ${ROUNDS} alternating slices, p50/p99 the median slice's), 10 connections, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end:`,
  '',
  `| ${headers.join(' | ')} |`,
  `| ${headers.map((h, i) => (i < 2 ? '---' : '---:')).join(' | ')} |`,
  ...rows.map(
    (row) =>
      `| ${headers.map((h) => (typeof row[h] === 'number' ? row[h].toLocaleString('en-US') : row[h])).join(' | ')} |`,
  ),
  '<!-- bench:end -->',
].join('\n');
const readmePath = path.join(root, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const marked = /<!-- bench:start[\s\S]*?<!-- bench:end -->/;
if (process.env.BENCH_README === '0') {
  console.log('BENCH_README=0: README.md left as it is (a smoke run, as CI makes).');
} else if (marked.test(readme)) {
  writeFileSync(readmePath, readme.replace(marked, section));
  console.log('README.md: benchmark table updated.');
} else {
  console.log('README.md has no bench markers: table not written.');
}

// A refused or failed request means the figure measures an error page, not the call (as when the
// rate limiter started refusing a benchmark): fail, so that a broken benchmark cannot pass unseen.
const failing = rows.filter((row) => row.errors > 0);
if (failing.length > 0) {
  console.error(`Requests failed in: ${failing.map((row) => `${row.database} ${row.target}`).join('; ')}`);
  process.exit(1);
}
