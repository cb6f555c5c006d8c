// `npm run lighthouse`: Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown) on the borrower
// app's first screens, in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), against the
// production build served by the real server (started here on a free port with an embedded database
// in a temporary folder; the front ends are built first if they are not). A borrower is registered
// through the legacy API (the phone code from the dev outbox) and its session is put in the page's
// local storage, as the app keeps it, for Inicio and /perfil. Each screen is measured LIGHTHOUSE_RUNS
// times (default 3) and the median run by performance score is kept. Prints a table and writes it to
// the README's "Lighthouse" section. Figures go to the README, never into tests.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PASSWORD = 'Clave#2024a';
// A demo identity of apps/api/data/census-demo.json, registered in this run's own database.
const PERSON = {
  UsrDNI: '0801199000011',
  UsrNom1: 'KARLA',
  UsrNom2: 'PATRICIA',
  UsrApe1: 'MARTINEZ',
  UsrApe2: 'REYES',
  UsrGen: 'F',
  UsrFchNac: '1990-03-15',
  UsrMail: 'karla.lighthouse@correo.hn',
  UsrTel: '98765432',
  UsrPwd: PASSWORD,
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, what) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} did not start`);
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  return exited;
}

async function legacy(base, name, body) {
  const answer = await (
    await fetch(`${base}/api/app/${name}.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();
  if (answer.status !== 'OK') throw new Error(`${name}: ${JSON.stringify(answer.payload)}`);
  return answer.payload;
}

async function phoneCode(base, phone) {
  for (let i = 0; i < 40; i++) {
    const messages = await (await fetch(`${base}/api/dev/outbox?to=${phone}`)).json();
    const code = messages.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('no code in the outbox');
}

/** Registration stage 1 through the legacy API: the new borrower's session and its data. */
async function registerBorrower(base) {
  await legacy(base, 'otp_cre', { UsrTel: PERSON.UsrTel });
  await legacy(base, 'otp_cmp', { UsrTel: PERSON.UsrTel, OtpCod: await phoneCode(base, PERSON.UsrTel) });
  const payload = await legacy(base, 'register', PERSON);
  return { sid: payload.sid, data: payload.data };
}

const median = (results) =>
  [...results].sort((a, b) => a.categories.performance.score - b.categories.performance.score)[
    Math.floor(results.length / 2)
  ];

/** A fresh Chromium for each screen (a tab reused across screens loses Lighthouse's trace). */
function startChrome(profileDir) {
  return spawn(
    chromePath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profileDir}`,
      `--remote-debugging-port=${debugPort}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
}

const port = await freePort();
const debugPort = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'prestamos-lighthouse-'));

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The dev outbox gives the registration's phone code; the front end is the production build.
    NODE_ENV: 'development',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitFor(`${base}/api/health`, 'the server');
  const { sid, data } = await registerBorrower(base);

  const screens = [
    { name: '/login', hash: '#/login', session: false },
    { name: '/registro', hash: '#/registro', session: false },
    { name: 'Inicio (/)', hash: '#/', session: true },
    { name: '/perfil', hash: '#/perfil', session: true },
  ];
  const only = process.env.LIGHTHOUSE_SCREENS?.split(',');
  const rows = [];
  for (const screen of screens.filter((s) => !only || only.includes(s.name))) {
    const profileDir = mkdtempSync(path.join(tmpdir(), 'prestamos-lighthouse-chrome-'));
    const chrome = startChrome(profileDir);
    let results;
    try {
      await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 'Chromium');
      // The session lives in the origin's local storage, which Lighthouse is told to keep.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(`${base}/versionjs.txt`);
      await page.evaluate(
        ([storedSid, storedData]) => {
          localStorage.clear();
          if (storedSid) {
            localStorage.setItem('sid', storedSid);
            localStorage.setItem('sessionData', storedData);
          }
        },
        [screen.session ? sid : '', JSON.stringify(data)],
      );
      await page.close();
      await browser.close();

      results = [];
      for (let i = 0; i < runs; i++) {
        // A query string of its own makes each run a full page load (a change of hash alone is not one).
        // On this shared machine the trace now and then misses its navigation start (NO_NAVSTART):
        // such a run has no figures and is made again, up to 3 times.
        let lhr;
        for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt++) {
          const url = `${base}/?run=${rows.length}-${i}-${attempt}${screen.hash}`;
          lhr = (
            await lighthouse(url, {
              port: debugPort,
              output: 'json',
              logLevel: process.env.LIGHTHOUSE_LOG ?? 'error',
              onlyCategories: ['performance', 'accessibility', 'best-practices'],
              disableStorageReset: true,
            })
          ).lhr;
          if (lhr.runtimeError) console.warn(`${screen.name}: ${lhr.runtimeError.code}, again`);
        }
        results.push(lhr);
      }
    } finally {
      await stop(chrome);
      // Chromium's helper processes may still be writing for a moment after it exits.
      try {
        rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        // A profile folder left in the temporary directory costs nothing; the measurement stands.
        console.warn(`${profileDir} not removed: ${error.code}`);
      }
    }
    const lhr = median(results);
    if (lhr.runtimeError) throw new Error(`${screen.name}: ${lhr.runtimeError.message}`);
    // LIGHTHOUSE_REPORTS=<folder>: the median run's whole report, to read what blocked the main thread.
    if (process.env.LIGHTHOUSE_REPORTS) {
      const file = `${screen.name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '') || 'inicio'}.json`;
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, file), JSON.stringify(lhr));
    }
    const landed = lhr.finalDisplayedUrl;
    if (screen.session && landed.includes('#/login'))
      throw new Error(`${screen.name}: the session was refused`);
    rows.push({
      screen: screen.name,
      performance: Math.round(lhr.categories.performance.score * 100),
      'LCP s': Math.round(lhr.audits['largest-contentful-paint'].numericValue / 100) / 10,
      'TBT ms': Math.round(lhr.audits['total-blocking-time'].numericValue),
      'FCP s': Math.round(lhr.audits['first-contentful-paint'].numericValue / 100) / 10,
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      'best practices': Math.round(lhr.categories['best-practices'].score * 100),
    });
  }

  const version = readFileSync(path.join(root, 'apps/borrower/dist/versionjs.txt'), 'utf8').trim();
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  console.log(`\nLighthouse mobile preset, median of ${runs} runs, ${when} UTC, app ${version}`);
  console.table(rows);

  const headers = Object.keys(rows[0]);
  const table = [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map((h, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map(
      (row) => `| ${headers.map((h) => (h === 'screen' ? `\`${row[h]}\`` : row[h])).join(' | ')} |`,
    ),
  ].join('\n');
  const section = [
    '<!-- lighthouse:start (written by npm run lighthouse) -->',
    `Run of ${when} UTC (app ${version}), median of ${runs} runs per screen:`,
    '',
    table,
    '<!-- lighthouse:end -->',
  ].join('\n');
  const readmePath = path.join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const marked = /<!-- lighthouse:start[\s\S]*?<!-- lighthouse:end -->/;
  if (only) {
    console.log('LIGHTHOUSE_SCREENS given: README.md left as it is.');
  } else if (marked.test(readme)) {
    writeFileSync(readmePath, readme.replace(marked, section));
    console.log('README.md: Lighthouse section updated.');
  } else {
    console.log('README.md has no lighthouse markers: table not written.');
  }
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
