// `npm run bench`: API throughput on this machine, measured with autocannon (10 connections) against a
// real server (production logging off), on PGlite (a temporary folder) and on PostgreSQL (a fresh
// database on BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/test; skipped
// when no server answers). Side by side in the same run, for each of getNotificationNum.php,
// getNotification.php and getBorrowerRepaymentSchedule.php, a minimal Fastify handler doing the same
// queries (scripts/bench-reference.mjs), so the cost of the stack around the queries reads as a
// ratio. Prints a table and the three ratios and writes them to the README's "Benchmarks" section
// (not with BENCH_README=0, as CI's one-second smoke run sets). Figures go to the README, never
// into tests.
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
/** Each paired call and its reference alternate in this many slices of seconds / ROUNDS each. */
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

/**
 * One borrower with a session, 120 notifications among 10,000 of others and a disbursed loan of 30
 * instalments among 100 others' (bench-fixture.ts): `{sid, loanId}`.
 */
function fixture(env) {
  return JSON.parse(
    execFileSync(tsx, [path.join(root, 'apps/api/scripts/bench-fixture.ts')], {
      cwd: root,
      env,
      encoding: 'utf8',
    }),
  );
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

/** The API's calls measured side by side with their reference (bench-reference.mjs), by file. */
const PAIRED = {
  'getNotificationNum.php': {
    name: 'notification badge (getNotificationNum.php, 120 rows among 10,000)',
    short: 'badge',
    check: (payload) => payload.NotNum === 120,
  },
  'getNotification.php': {
    name: 'notification list (getNotification.php, 120 of them)',
    short: 'list',
    check: (payload) => Array.isArray(payload) && payload.length === 120,
  },
  'getBorrowerRepaymentSchedule.php': {
    name: 'repayment schedule (getBorrowerRepaymentSchedule.php, 30 instalments)',
    short: 'schedule',
    check: (payload) => Array.isArray(payload) && payload.length === 30,
  },
};

/** The body of a paired call for one fixture's borrower. */
function pairedBody(file, fixtureOut) {
  return JSON.stringify(
    file === 'getBorrowerRepaymentSchedule.php'
      ? { sid: fixtureOut.sid, ContainerId: fixtureOut.loanId }
      : { sid: fixtureOut.sid },
  );
}

function targets(fixtureOut) {
  const { sid } = fixtureOut;
  const paired = Object.entries(PAIRED).flatMap(([file, { name }]) => [
    { name, url: `${base}/api/app/${file}`, method: 'POST', body: pairedBody(file, fixtureOut), pair: file },
    {
      name: `reference: minimal Fastify handler, same queries (${file})`,
      url: `http://127.0.0.1:${referencePort}/${file}`,
      method: 'POST',
      pair: file,
      reference: true,
    },
  ]);
  return [
    { name: 'readiness (GET /api/ready, two catalog SELECTs)', url: `${base}/api/ready`, method: 'GET' },
    { name: 'version check (GET /versionjs.txt)', url: `${base}/versionjs.txt`, method: 'GET' },
    {
      name: 'session refused (getPurposeList.php, unknown sid)',
      url: `${base}/api/app/getPurposeList.php`,
      method: 'POST',
      body: JSON.stringify({ sid: 'A'.repeat(43) }),
    },
    ...paired,
    {
      name: 'profile (getProfile.php)',
      url: `${base}/api/app/getProfile.php`,
      method: 'POST',
      body: JSON.stringify({ sid }),
    },
    {
      name: 'census lookup (validardatoscenso.php, simulator)',
      url: `${base}/api/app/validardatoscenso.php?numero_identidad=0801199000011`,
      method: 'GET',
    },
  ];
}

/** A paired call answers as the bench borrower's (a refusal would measure the wrong thing). */
async function expectAnswer(url, file, body) {
  const answer = await (
    await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
  ).json();
  if (answer.status !== 'OK' || !PAIRED[file].check(answer.payload)) {
    throw new Error(`the bench session does not work at ${url}: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return answer;
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
  const serverFixture = fixture(serverEnv);
  // PGlite is one process's: the reference gets its own copy of the same data, and its own session.
  const referenceFixture = referenceEnv === serverEnv ? serverFixture : fixture(referenceEnv);

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
    for (const file of Object.keys(PAIRED)) {
      const real = await expectAnswer(`${base}/api/app/${file}`, file, pairedBody(file, serverFixture));
      const ref = await expectAnswer(
        `http://127.0.0.1:${referencePort}/${file}`,
        file,
        pairedBody(file, referenceFixture),
      );
      // Honest: the reference answers the same JSON, byte for byte but for the ids of its own copy.
      if (referenceEnv === serverEnv && JSON.stringify(real) !== JSON.stringify(ref)) {
        throw new Error(`the reference of ${file} does not answer what the API does`);
      }
    }
    const measure = async (t, duration) => {
      const body = t.reference ? pairedBody(t.pair, referenceFixture) : t.body;
      return autocannon({
        url: t.url,
        method: t.method,
        body,
        headers: body ? { 'content-type': 'application/json' } : {},
        connections: 10,
        duration,
      });
    };
    // BENCH_PAIRED_ONLY=1 measures only the calls that have a reference, and their references.
    const all = targets(serverFixture).filter((t) => process.env.BENCH_PAIRED_ONLY !== '1' || t.pair);
    const results = new Map();
    // Each paired call and its reference take turns (ROUNDS slices each), so that a change in the
    // shared machine's load between them weighs on both alike.
    const pair = all.filter((t) => t.pair);
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
        pair: t.pair,
        reference: t.reference === true,
      });
    }
    for (const row of rows) {
      const ref =
        row.pair && !row.reference ? rows.find((r) => r.reference && r.pair === row.pair) : undefined;
      row['vs reference'] = ref ? `${(row['req/s'] / ref['req/s']).toFixed(2)}x` : '';
    }
    const ratios = Object.entries(PAIRED).map(([file, { short }]) => {
      const real = rows.find((r) => r.pair === file && !r.reference);
      return { database: kind, call: short, ratio: real['vs reference'], 'p99 ms': real['p99 ms'] };
    });
    for (const row of rows) {
      delete row.pair;
      delete row.reference;
    }
    return { rows, ratios };
  } finally {
    await stop(server);
    await stop(reference);
    for (const dir of temp) rmSync(dir, { recursive: true, force: true });
    if (database) await adminQuery(`drop database if exists ${database} with (force)`);
  }
}

const rows = [];
const ratios = [];
// BENCH_DATABASES=PostgreSQL (or PGlite) measures one kind only, for a quicker look while working.
const kinds = (process.env.BENCH_DATABASES ?? 'PostgreSQL,PGlite').split(',').map((k) => k.trim());
for (const kind of ['PostgreSQL', 'PGlite'].filter((k) => kinds.includes(k))) {
  if (kind === 'PostgreSQL' && !(await postgresReachable())) {
    console.log(`PostgreSQL does not answer at ${adminUrl}: only PGlite is measured.`);
    continue;
  }
  const measured = await benchOn(kind);
  rows.push(...measured.rows);
  ratios.push(...measured.ratios);
}

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
console.log(`\n${seconds}s per target, 10 connections, ${when} UTC`);
console.table(rows);
const ratioLine = (kind) =>
  ratios
    .filter((r) => r.database === kind)
    .map((r) => `${r.call} ${r.ratio} (p99 ${r['p99 ms']} ms)`)
    .join(', ');
const ratioLines = [...new Set(ratios.map((r) => r.database))].map(
  (kind) => `${kind}, each call's req/s over its reference's: ${ratioLine(kind)}.`,
);
for (const line of ratioLines) console.log(line);

const headers = Object.keys(rows[0]);
const section = [
  '<!-- bench:start (written by npm run bench) -->',
  `Run of ${when} UTC, ${seconds} s per target (each paired call and its reference in ${ROUNDS} alternating slices, p50/p99 the median slice's), 10 connections, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end:`,
  '',
  ...ratioLines.flatMap((line) => [`- ${line}`]),
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
} else if (process.env.BENCH_DATABASES || process.env.BENCH_PAIRED_ONLY === '1') {
  console.log('BENCH_DATABASES or BENCH_PAIRED_ONLY: a partial run, README.md left as it is.');
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
