// `npm run test:crash`: does a write the client saw acknowledged survive a crash? On PGlite (a
// temporary DATA_DIR) and on PostgreSQL (a fresh database on CRASH_DATABASE_URL's server, default
// postgres://postgres@127.0.0.1:5432/test; skipped when no server answers), it starts the real
// server (apps/api/dist/server.js when built, else tsx on src/server.ts), fires a burst of
// registrations (otp_cre, otp_cmp, register.php) and profile writes (putProfile.php, an income
// that only grows) through the legacy API from several clients at once, kills the server with
// SIGKILL in the middle of the burst, starts it again on the same data and checks:
//   - the database opens cleanly (the server starts, migrates, answers /api/ready: migrations applied);
//   - every registration answered OK is there (its session reads its own profile);
//   - every profile write answered OK is there (the stored income is at least the last one
//     acknowledged, and at most the last one sent: a write in flight may or may not have landed).
// Exits non-zero on any loss. README.md ("Durability") says what it shows and what it cannot.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.CRASH_PORT ?? process.env.E2E_PORT ?? 3230);
const base = `http://127.0.0.1:${port}`;
const adminUrl = process.env.CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 8);
/** How long the burst runs before the kill, in ms (a random point in this window). */
const KILL_AFTER = [
  Number(process.env.CRASH_KILL_MIN_MS ?? 5000),
  Number(process.env.CRASH_KILL_MAX_MS ?? 9000),
];
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const PEOPLE = 2000;
const PASSWORD = 'Choque#Prueba2026';

const compiled = path.join(root, 'apps/api/dist/server.js');
const serverCommand = existsSync(compiled)
  ? [process.execPath, [compiled]]
  : [path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/api/src/server.ts')]];

/** People the census simulator knows, made for this run (CENSUS_FIXTURES). */
function censusFixture(dir, runTag) {
  const identities = [];
  for (let i = 0; i < PEOPLE; i++) {
    identities.push({
      numero_identidad: `${runTag}1990${String(i).padStart(5, '0')}`,
      DES_PRIMER_NOMBRE: 'PRUEBA',
      DES_SEGUNDO_NOMBRE: '',
      DES_PRIMER_APELLIDO: 'CHOQUE',
      DES_SEGUNDO_APELLIDO: '',
      COD_SEXO: 2,
      FECHA_NACIMIENTO: '1990-01-01',
    });
  }
  const file = path.join(dir, 'census-crash.json');
  writeFileSync(file, JSON.stringify({ identities }));
  return file;
}

function startServer(env) {
  const [command, args] = serverCommand;
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.stderrText = () => stderr;
  return child;
}

async function waitForHealth(child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}): ${child.stderrText()}`);
    try {
      const res = await fetch(`${base}/api/ready`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server was not ready (/api/ready): ${child.stderrText()}`);
}

function stop(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  return exited;
}

/**
 * A legacy call from `localAddress`: each person registers from a loopback address of their own
 * (`personAddress`), so the per-IP limits of the account calls (20 registrations a minute per IP)
 * never cap the burst, however fast the server answers.
 */
function call(name, body, localAddress = '127.0.0.1') {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/app/${name}.php`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: 20_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

async function latestCode(phone) {
  const res = await fetch(`${base}/api/dev/outbox?to=${phone}`);
  const messages = await res.json();
  const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

/**
 * The loopback address person `i` calls from (all of 127.0.0.0/8 reaches this machine): one per
 * person. Eight addresses, one per client, capped a fast PostgreSQL burst at 8 × 20 registrations.
 */
const personAddress = (i) => `127.0.${1 + Math.floor(i / 200)}.${10 + (i % 200)}`;

/**
 * One client: registers people one after another and, for each, writes its income a few times.
 * Every OK answer is written down in `acked`; every request sent in `sent`. Stops at the first
 * network error (the server is gone).
 */
async function client(state, acked) {
  for (;;) {
    const i = state.next++;
    if (i >= PEOPLE) return;
    const localAddress = personAddress(i);
    const dni = `${state.runTag}1990${String(i).padStart(5, '0')}`;
    const phone = `9${state.phoneTag}${String(i).padStart(5, '0')}`;
    const email = `choque${state.runTag}.${i}@example.hn`;
    try {
      const sent = await call('otp_cre', { UsrTel: phone }, localAddress);
      if (sent.status !== 'OK') {
        state.refusals.push(`otp_cre ${i}: ${JSON.stringify(sent)}`);
        continue;
      }
      const code = await latestCode(phone);
      const confirmed = await call('otp_cmp', { UsrTel: phone, OtpCod: code }, localAddress);
      if (confirmed.status !== 'OK') {
        state.refusals.push(`otp_cmp ${i}: ${JSON.stringify(confirmed)}`);
        continue;
      }
      const registered = await call(
        'register',
        {
          UsrDNI: dni,
          UsrNom1: 'PRUEBA',
          UsrNom2: '',
          UsrApe1: 'CHOQUE',
          UsrApe2: '',
          UsrMail: email,
          UsrGen: 'F',
          UsrPwd: PASSWORD,
          UsrFchNac: '1990-01-01',
          UsrTel: phone,
        },
        localAddress,
      );
      if (registered.status !== 'OK') {
        state.refusals.push(`register ${i}: ${JSON.stringify(registered)}`);
        continue;
      }
      const person = { i, dni, sid: registered.payload.sid, lastAckedIncome: 0, lastSentIncome: 0 };
      acked.push(person);
      for (let income = 1000; income <= 5000; income += 1000) {
        person.lastSentIncome = income;
        const written = await call('putProfile', { sid: person.sid, array: { income } }, localAddress);
        if (written.status !== 'OK') {
          state.refusals.push(`putProfile ${i}: ${JSON.stringify(written)}`);
          break;
        }
        person.lastAckedIncome = income;
        state.writes += 1;
      }
    } catch {
      return; // the server was killed
    }
  }
}

async function verify(acked) {
  const lost = [];
  for (const person of acked) {
    const profile = await call('getProfile', { sid: person.sid });
    if (profile.status !== 'OK' || profile.payload?.data?.person_code !== person.dni) {
      lost.push(`registration ${person.i} (${person.dni}): ${JSON.stringify(profile).slice(0, 200)}`);
      continue;
    }
    const income = profile.payload.data.income ?? 0;
    if (income < person.lastAckedIncome || income > person.lastSentIncome) {
      lost.push(
        `profile write ${person.i}: income ${income}, acknowledged ${person.lastAckedIncome}, sent ${person.lastSentIncome}`,
      );
    }
  }
  return lost;
}

async function runOn(target) {
  const dir = mkdtempSync(path.join(tmpdir(), 'prestamos-crash-'));
  const lines = [];
  let failed = false;
  try {
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Its clients read their codes from the development outbox.
      DEV_OUTBOX: '1',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(dir, 'data'),
      // The burst is one client machine: per-IP and per-phone limits are not what is tested here.
      REGISTRATION_CODES_PER_IP_PER_HOUR: '1000000',
      CENSUS_RATE_LIMIT_PER_MINUTE: '1000000',
      CEILING_CENSUS_LOOKUPS_PER_HOUR: '1000000',
      CEILING_REGISTRATION_SMS_PER_HOUR: '1000000',
    };
    delete env.DATABASE_URL;
    if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;

    let totalAcked = 0;
    let totalWrites = 0;
    const everyone = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const runTag = String(800 + round).padStart(4, '0');
      env.CENSUS_FIXTURES = censusFixture(dir, runTag);
      const server = startServer(env);
      await waitForHealth(server);
      const state = { next: 0, runTag, phoneTag: String(round).padStart(2, '0'), refusals: [], writes: 0 };
      const acked = [];
      const clients = Array.from({ length: CLIENTS }, () => client(state, acked));
      const killAfter = KILL_AFTER[0] + Math.random() * (KILL_AFTER[1] - KILL_AFTER[0]);
      await new Promise((r) => setTimeout(r, killAfter));
      await stop(server, 'SIGKILL');
      await Promise.all(clients);
      totalAcked += acked.length;
      totalWrites += state.writes;
      everyone.push(...acked);
      lines.push(
        `  round ${round}: SIGKILL after ${Math.round(killAfter)} ms; ${acked.length} registrations and ${state.writes} profile writes acknowledged` +
          (state.refusals.length ? `; ${state.refusals.length} refused (first: ${state.refusals[0]})` : ''),
      );
      if (state.refusals.length) failed = true;
    }

    // The same data, a new process: it must open, migrate and answer, and hold every acknowledged write.
    const restarted = startServer(env);
    const started = Date.now();
    await waitForHealth(restarted);
    const lost = await verify(everyone);
    await stop(restarted, 'SIGTERM');
    lines.push(
      `  restart: healthy after ${Date.now() - started} ms; checked ${totalAcked} registrations and ${totalWrites} profile writes: ${lost.length} lost`,
    );
    for (const l of lost.slice(0, 10)) lines.push(`    LOST ${l}`);
    if (lost.length || totalAcked === 0) failed = true;
  } catch (error) {
    lines.push(`  ERROR ${error instanceof Error ? error.message : String(error)}`);
    failed = true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${target.name}: ${failed ? 'FAILED' : 'ok'}`);
  for (const line of lines) console.log(line);
  return !failed;
}

async function postgresDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `crash_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

const server = serverCommand[1][0].endsWith('.js') ? 'apps/api/dist/server.js' : 'tsx apps/api/src/server.ts';
console.log(`crash test: ${server}, ${CLIENTS} clients, ${ROUNDS} kills per database, port ${port}`);
let ok = await runOn({ name: 'PGlite (DATA_DIR)' });
const postgres = await postgresDatabase();
if (postgres) {
  try {
    ok = (await runOn({ name: 'PostgreSQL', databaseUrl: postgres.url })) && ok;
  } finally {
    await postgres.drop();
  }
} else {
  console.log(`PostgreSQL: skipped (no server at ${adminUrl})`);
}
process.exit(ok ? 0 : 1);
