// `npm run lighthouse`: Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown) on the borrower
// app's screens, in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), against the production
// build served by the real server (started here on a free port with an embedded database in a
// temporary folder; the front ends are built first if they are not). Before the server starts,
// apps/api/scripts/lighthouse-fixture.ts puts in that database a borrower with an approved profile
// (/aplicar) and one with a disbursed loan (/plan, /historial); once it runs, a new borrower is
// registered through the legacy API (the phone code from the dev outbox) for Inicio and /perfil. A
// logged-in screen gets its borrower's session in the page's local storage, as the app keeps it.
//
// Two measurements per screen:
//   - first visit (cold): each run in a new browser profile (empty HTTP cache, no service worker),
//     with only the session in local storage; LIGHTHOUSE_RUNS runs (default 5);
//   - repeat visit (warm): one profile, one visit first to fill the caches, then
//     LIGHTHOUSE_WARM_RUNS runs (default 3, at most LIGHTHOUSE_RUNS) that keep them.
// Each keeps the median run by performance score, and every run's score and LCP are printed and
// written beside it, with the LCP as it happened in the run (observed: unthrottled, on this machine,
// real timers included; the LCP column is Lighthouse's simulation of the slow phone and network).
// LIGHTHOUSE_MAX_LOAD=<n> makes each run wait (at most 5 minutes) until the 1-minute load average is
// under n: Chromium itself loads this machine's two cores, and a shared machine others. LIGHTHOUSE_SCREENS='/login,Inicio (/)' measures only those (README left alone).
// LIGHTHOUSE_TRACE=1 adds, per screen, a DevTools trace of one more first visit with the CPU 4x
// slower (as the preset simulates it) and prints its long tasks, each with what it spent its time
// on (scripts/long-tasks.mjs): what the blocking time of the score is made of.
// Before the screens, the machine's floor: a page with no script, measured the same way (machineFloor),
// and every run's CPU index (Lighthouse's benchmark of this machine): a slow machine is told from a
// slow app by them.
// Prints both tables and writes them to the README's "Lighthouse" section. Figures go to the README,
// never into tests.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { longTasks, TRACE_CATEGORIES } from './long-tasks.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const warmRuns = Number(process.env.LIGHTHOUSE_WARM_RUNS ?? Math.min(3, runs));
const maxLoad = Number(process.env.LIGHTHOUSE_MAX_LOAD ?? Number.POSITIVE_INFINITY);
/** The 1-minute load average as each run started. */
const runLoads = [];
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

/** The middle one of `items` ordered by `key` (the upper one of the two middles of an even count). */
const middleBy = (items, key) => [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)];
/** The median run, by performance score. */
const median = (results) => middleBy(results, (lhr) => lhr.categories.performance.score);

/** A Chromium on `profileDir`, for Lighthouse to drive over `debugPort`. */
async function startChrome(profileDir) {
  const chrome = spawn(
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
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 'Chromium');
  return chrome;
}

/**
 * Closes Chromium as a person would (Browser.close: local storage is written to the profile), or
 * kills it when it does not go.
 */
async function closeChrome(chrome) {
  if (chrome.exitCode !== null || chrome.signalCode !== null) return;
  const exited = new Promise((r) => chrome.once('exit', r));
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
    const cdp = await browser.newBrowserCDPSession();
    await cdp.send('Browser.close').catch(() => {});
  } catch {
    chrome.kill('SIGTERM');
  }
  const timer = setTimeout(() => chrome.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function removeProfile(profileDir) {
  // Chromium's helper processes may still be writing for a moment after it exits.
  try {
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    // A profile folder left in the temporary directory costs nothing; the measurement stands.
    console.warn(`${profileDir} not removed: ${error.code}`);
  }
}

/** A new profile whose only content is the screen's session in the origin's local storage. */
async function newProfile(session) {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'prestamos-lighthouse-chrome-'));
  const chrome = await startChrome(profileDir);
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
    const page = await browser.contexts()[0].newPage();
    // A small text file of the origin: the app's own files stay out of the cache.
    await page.goto(`${base}/versionjs.txt`);
    await page.evaluate(
      ([sid, data]) => {
        localStorage.clear();
        if (sid) {
          localStorage.setItem('sid', sid);
          localStorage.setItem('sessionData', data);
        }
      },
      [session?.sid ?? '', JSON.stringify(session?.data ?? null)],
    );
    await page.close();
  } finally {
    await closeChrome(chrome);
  }
  return profileDir;
}

/**
 * A session call for every borrower's session: the server ends a session idle for too long, and a
 * whole run takes longer than that on a busy machine (the screens measured last found theirs gone).
 */
async function keepSessionsAlive() {
  for (const session of Object.values(sessions)) {
    await fetch(`${base}/api/app/getWalletInfo.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sid: session.sid }),
    }).catch(() => {});
  }
}

let runCount = 0;
/**
 * The address of the next run of `screen`, its borrower's sessions kept alive first. A query string
 * of its own makes each run a full page load (a change of hash alone is not one).
 */
async function nextRunUrl(screen) {
  await keepSessionsAlive();
  runCount += 1;
  return `${base}/?run=${runCount}${screen.hash}`;
}

/** A logged-in screen that ended on the login form measured the wrong screen. */
function checkSessionKept(screen, finalUrl) {
  if (screen.session && finalUrl.includes('#/login'))
    throw new Error(`${screen.name}: the session was refused`);
}

/**
 * One Lighthouse run of `screen` in the Chromium on debugPort, keeping the profile's storage and
 * cache as they are (the profile decides whether the visit is a first or a repeat one). On this
 * shared machine the trace now and then misses its navigation start (NO_NAVSTART): such a run has no
 * figures and is made again, up to 3 times.
 */
/** Waits, with LIGHTHOUSE_MAX_LOAD, until the load average is under it (at most 5 minutes). */
async function settle() {
  const until = Date.now() + 300_000;
  while (loadavg()[0] >= maxLoad && Date.now() < until) await new Promise((r) => setTimeout(r, 5_000));
  runLoads.push(loadavg()[0]);
}

/** Where a logged-in screen's phone is (the journeys' Tegucigalpa, e2e/support/borrower-browser.ts). */
const PHONE_POSITION = { latitude: 14.0818, longitude: -87.2068 };

/** Whether `screen`'s phone shares its position in a run (newTab, tracedRun). */
const sharesPosition = (screen) => Boolean(screen.session) && process.env.LIGHTHOUSE_LOCATION !== 'refused';

/**
 * A tab for one run, as Lighthouse would open it. A logged-in screen's borrower shares the phone's
 * position, as one who has applied does (the app asks for it at Inicio and /aplicar): headless
 * Chromium has no position to give and, asked, refuses at once, which no person does before the
 * first paint. LIGHTHOUSE_LOCATION=refused keeps that refusal.
 */
async function newTab(browser, screen) {
  const page = await browser.newPage();
  if (sharesPosition(screen)) {
    await browser.defaultBrowserContext().overridePermissions(base, ['geolocation']);
    await page.setGeolocation(PHONE_POSITION);
  }
  return page;
}

async function measure(screen, urlOfRun = () => nextRunUrl(screen)) {
  await settle();
  let lhr;
  for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt++) {
    const url = await urlOfRun();
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${debugPort}`,
      defaultViewport: null,
    });
    try {
      const page = await newTab(browser, screen);
      lhr = (
        await lighthouse(
          url,
          {
            output: 'json',
            logLevel: process.env.LIGHTHOUSE_LOG ?? 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            disableStorageReset: true,
          },
          undefined,
          page,
        )
      ).lhr;
      await page.close();
    } finally {
      await browser.disconnect();
    }
    if (lhr.runtimeError) console.warn(`${screen.name}: ${lhr.runtimeError.code}, again`);
  }
  if (lhr.runtimeError) throw new Error(`${screen.name}: ${lhr.runtimeError.message}`);
  checkSessionKept(screen, lhr.finalDisplayedUrl);
  return lhr;
}

/** `visit()` in a Chromium on a new profile that holds `screen`'s session only; then both go. */
async function inNewProfile(screen, visit) {
  const profileDir = await newProfile(screen.session);
  const chrome = await startChrome(profileDir);
  try {
    return await visit();
  } finally {
    await closeChrome(chrome);
    removeProfile(profileDir);
  }
}

/**
 * First visits: each run in a new profile (no HTTP cache, no service worker), the session only;
 * `count` of them, at the screen's address unless `urlOfRun` gives another.
 */
async function coldRuns(screen, count = runs, urlOfRun = undefined) {
  const results = [];
  for (let i = 0; i < count; i++) results.push(await inNewProfile(screen, () => measure(screen, urlOfRun)));
  return results;
}

/** Repeat visits: one profile, a first visit that fills the caches, then `warmRuns` that keep them. */
function warmRunsOf(screen) {
  return inNewProfile(screen, async () => {
    await measure(screen);
    const results = [];
    for (let i = 0; i < warmRuns; i++) results.push(await measure(screen));
    return results;
  });
}

/** The floor's page: a heading and a paragraph, no script, no style sheet, no image. */
const FLOOR_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Piso</title></head>
<body><h1>Préstamos</h1><p>Una página sin código: lo menos que este navegador tarda.</p></body></html>`;

/**
 * This machine's floor: a page with no script measured as a first visit (median of up to 3 runs,
 * each figure on its own), in the same Chromium and preset, before the screens. Its main-thread
 * work is Chromium's own (style, layout, paint, the compositor's commits: nothing of the app), so it
 * says how fast this machine renders at all, which Lighthouse's CPU index (a loop of JavaScript) does
 * not: the same build's figures are read against it.
 */
async function machineFloor() {
  const floor = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(FLOOR_PAGE);
  });
  await new Promise((resolve) => floor.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${floor.address().port}/`;
  const screen = { name: 'a page with no script', hash: '', session: null };
  try {
    const results = await coldRuns(screen, Math.min(3, runs), () => url);
    const of = (figure) => middleBy(results.map(figure), (value) => value);
    return {
      performance: of(performanceOf),
      observedLcp: of(observedLcpSeconds),
      mainThread: of((lhr) => Math.round(lhr.audits['mainthread-work-breakdown'].numericValue / 100) / 10),
      tbt: of(tbtMs),
      cpuIndex: of(cpuIndexOf),
      runs: results.length,
    };
  } finally {
    floor.close();
  }
}

/** The floor as the run's summary says it. */
const floorText = (f) =>
  `this machine's floor, a page with no script (first visit, median of ${f.runs}): performance ${f.performance}, observed LCP ${f.observedLcp} s, main-thread work ${f.mainThread} s (4x), TBT ${f.tbt} ms, CPU index ${f.cpuIndex}`;

/** A screen's name as a file name: '/plan' is 'plan', 'Inicio (/)' is 'Inicio'. */
const fileNameOf = (screen) => screen.name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '') || 'inicio';

/**
 * One more first visit (new profile, the session only) traced by DevTools with the CPU 4x slower:
 * its long tasks (scripts/long-tasks.mjs).
 */
function tracedRun(screen) {
  return inNewProfile(screen, async () => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
    const page = await browser.contexts()[0].newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    // The same visit as the measured runs (newTab): the long tasks printed are theirs.
    if (sharesPosition(screen)) {
      await page.context().grantPermissions(['geolocation'], { origin: base });
      await page.context().setGeolocation(PHONE_POSITION);
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const url = await nextRunUrl(screen);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    // The app's start, its first calls and their renders come after the load event.
    await page.waitForTimeout(5000);
    checkSessionKept(screen, page.url());
    const trace = (await browser.stopTracing()).toString();
    // With LIGHTHOUSE_REPORTS, the raw trace too, for DevTools' Performance panel.
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${fileNameOf(screen)}-trace.json`), trace);
    }
    return longTasks(JSON.parse(trace).traceEvents);
  });
}

/**
 * tracedRun, once more when it fails (the trace now and then misses the page's navigation on this
 * shared machine, as Lighthouse's own NO_NAVSTART); a warning instead of figures after that: the
 * trace explains the scores, it is not one of them.
 */
async function tracedRunOrWarn(screen) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tracedRun(screen);
    } catch (error) {
      if (attempt === 2) {
        console.warn(`${screen.name}: no trace (${error.message})`);
        return null;
      }
    }
  }
}

function printTrace(screen, { firstPaintMs, blockingMs, tasks }) {
  console.log(
    `${screen.name}: DevTools trace of a first visit, CPU 4x slower (the trace's clock, not Lighthouse's simulation): first paint ${firstPaintMs} ms, blocking time after it ${blockingMs} ms`,
  );
  console.table(
    tasks.map((task) => ({
      'start ms': task.startMs,
      'long task ms': task.durationMs,
      'after first paint': task.afterPaint ? 'yes' : 'no',
      'spent on (ms)': task.spent
        .slice(0, 4)
        .map(([label, time]) => `${label} ${time}`)
        .join(', '),
    })),
  );
}

const performanceOf = (lhr) => Math.round(lhr.categories.performance.score * 100);
const tbtMs = (lhr) => Math.round(lhr.audits['total-blocking-time'].numericValue);
/**
 * Lighthouse's own measure of this machine's CPU at the start of the run (higher is faster; it warns
 * that scores suffer under 1000): the simulated slow phone is this machine's CPU 4x slower.
 */
const cpuIndexOf = (lhr) => Math.round(lhr.environment.benchmarkIndex);
const lcpSeconds = (lhr) => Math.round(lhr.audits['largest-contentful-paint'].numericValue / 100) / 10;
/** The LCP as it happened in the run (unthrottled, timers included), not simulated. */
const observedLcpSeconds = (lhr) =>
  Math.round((lhr.audits.metrics.details?.items?.[0]?.observedLargestContentfulPaint ?? Number.NaN) / 100) /
  10;

/** The median run's figures, and every run's score and LCP (in the order they ran). */
function row(screen, results) {
  const lhr = median(results);
  return {
    screen: screen.name,
    performance: performanceOf(lhr),
    'LCP s': lcpSeconds(lhr),
    'TBT ms': tbtMs(lhr),
    'FCP s': Math.round(lhr.audits['first-contentful-paint'].numericValue / 100) / 10,
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    'best practices': Math.round(lhr.categories['best-practices'].score * 100),
    'runs: performance': results.map(performanceOf).join(' '),
    'runs: LCP s': results.map(lcpSeconds).join(' '),
    'runs: observed LCP s': results.map(observedLcpSeconds).join(' '),
    'runs: CPU index': results.map(cpuIndexOf).join(' '),
  };
}

function markdownTable(rows) {
  const headers = Object.keys(rows[0]);
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map((h) => (h === 'screen' || h.startsWith('runs') ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${headers.map((h) => (h === 'screen' ? `\`${r[h]}\`` : r[h])).join(' | ')} |`),
  ].join('\n');
}

const port = await freePort();
const debugPort = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'prestamos-lighthouse-'));
const serverEnv = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // The dev outbox gives the registration's phone code; the front end is the production build.
  NODE_ENV: 'development',
};

const only = process.env.LIGHTHOUSE_SCREENS?.split(',');
const screens = [
  { name: '/login', hash: '#/login', borrower: null },
  { name: '/registro', hash: '#/registro', borrower: null },
  { name: 'Inicio (/)', hash: '#/', borrower: 'registered' },
  { name: '/perfil', hash: '#/perfil', borrower: 'registered' },
  { name: '/aplicar', hash: '#/aplicar', borrower: 'applicant' },
  { name: '/plan', hash: '#/plan', borrower: 'payer' },
  { name: '/historial', hash: '#/historial', borrower: 'payer' },
].filter((s) => !only || only.includes(s.name));
if (screens.length === 0) throw new Error(`LIGHTHOUSE_SCREENS names no screen: ${only}`);

// The approved borrowers, in the database before the server opens it (PGlite has one process).
const seeded = screens.some((s) => s.borrower === 'applicant' || s.borrower === 'payer')
  ? JSON.parse(
      execFileSync(
        path.join(root, 'node_modules/.bin/tsx'),
        [path.join(root, 'apps/api/scripts/lighthouse-fixture.ts')],
        {
          cwd: root,
          env: serverEnv,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      ),
    )
  : {};

/** Each logged-in screen's borrower, by name: its `sid` and session data. */
const sessions = {};
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: serverEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitFor(`${base}/api/health`, 'the server');
  Object.assign(sessions, seeded);
  if (screens.some((s) => s.borrower === 'registered')) sessions.registered = await registerBorrower(base);
  for (const screen of screens) screen.session = screen.borrower ? sessions[screen.borrower] : null;

  const floor = await machineFloor();
  console.log(`Before the screens, ${floorText(floor)}`);
  const cold = [];
  const warm = [];
  const loads = [];
  for (const screen of screens) {
    const coldResults = await coldRuns(screen);
    const warmResults = await warmRunsOf(screen);
    const traced = process.env.LIGHTHOUSE_TRACE === '1' ? await tracedRunOrWarn(screen) : null;
    loads.push(loadavg()[0]);
    cold.push(row(screen, coldResults));
    warm.push(row(screen, warmResults));
    // Each screen as it is measured: a long run that stops halfway still says what it saw.
    console.log(
      `${screen.name} (load ${loads.at(-1).toFixed(1)}): first visit`,
      cold.at(-1),
      'repeat visit',
      warm.at(-1),
    );
    if (traced) printTrace(screen, traced);
    // LIGHTHOUSE_REPORTS=<folder>: the median runs' whole reports, to read what blocked the main thread.
    if (process.env.LIGHTHOUSE_REPORTS) {
      const file = fileNameOf(screen);
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      for (const [kind, results] of [
        ['cold', coldResults],
        ['warm', warmResults],
      ])
        writeFileSync(
          path.join(process.env.LIGHTHOUSE_REPORTS, `${file}-${kind}.json`),
          JSON.stringify(median(results)),
        );
    }
  }

  const version = readFileSync(path.join(root, 'apps/borrower/dist/versionjs.txt'), 'utf8').trim();
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const startLoads = `${Math.min(...runLoads).toFixed(1)}–${Math.max(...runLoads).toFixed(1)}`;
  const load = `load average (1 min) at the start of each run: ${startLoads}${Number.isFinite(maxLoad) ? ` (each waited for under ${maxLoad})` : ''}; after each screen: ${loads.map((l) => l.toFixed(1)).join(', ')}; ${cpus().length} cores; ${floorText(floor)}`;
  console.log(`\nLighthouse mobile preset, ${when} UTC, app ${version}; ${load}`);
  console.log(`First visit (new profile per run), median of ${runs}:`);
  console.table(cold);
  console.log(`Repeat visit (caches kept), median of ${warmRuns} after one visit:`);
  console.table(warm);

  const section = [
    '<!-- lighthouse:start (written by npm run lighthouse) -->',
    `Run of ${when} UTC (app ${version}); ${load}.`,
    '',
    `First visit (a new browser profile per run: empty cache, no service worker), median of ${runs} runs per screen:`,
    '',
    markdownTable(cold),
    '',
    `Repeat visit (the same profile after one visit: caches kept), median of ${warmRuns} runs per screen:`,
    '',
    markdownTable(warm),
    '<!-- lighthouse:end -->',
  ].join('\n');
  const readmePath = path.join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const marked = /<!-- lighthouse:start[\s\S]*?<!-- lighthouse:end -->/;
  if (only) {
    console.log('LIGHTHOUSE_SCREENS given: README.md left as it is.');
  } else if (marked.test(readme)) {
    writeFileSync(readmePath, readme.replace(marked, section));
    console.log('README.md: Lighthouse section updated (npx prettier --write README.md aligns it).');
  } else {
    console.log('README.md has no lighthouse markers: table not written.');
  }
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
