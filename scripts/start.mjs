// `npm start`: one process serving the borrower app at /, the back-office at /backoffice/ and the API.
// What is not built yet is built first (both front ends, and the server compiled to plain JavaScript
// when apps/api/dist/server.js is missing or older than a source file), so a fresh clone needs only
// `npm ci && npm start`. The server then runs on Node.js alone, with no TypeScript loader. Outside
// production on loopback it also turns the development outbox on (DEV_OUTBOX=1).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverOutfile } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What each front end's build writes: the page, and the borrower's server render (decision 024). */
const builtFiles = {
  borrower: ['dist/index.html', 'dist-server/server-render.js'],
  backoffice: ['dist/index.html'],
};
for (const [app, files] of Object.entries(builtFiles)) {
  if (files.some((file) => !existsSync(path.join(root, 'apps', app, file)))) {
    console.log(`Construyendo apps/${app} (primera vez)…`);
    // A production build whatever NODE_ENV this server runs with (the benchmark's is development):
    // with NODE_ENV=development Vite would bundle React's development build.
    const built = spawnSync(npm, ['run', 'build', '-w', `apps/${app}`], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}

/** The newest modification time of the server's sources (the API and the workspace packages). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (/\.(ts|json)$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['apps/api/src', 'packages/domain/src', 'packages/contract/src'].map((d) =>
  path.join(root, d),
);
const builtAt = existsSync(serverOutfile) ? statSync(serverOutfile).mtimeMs : 0;
if (sources.some((dir) => newestSource(dir) > builtAt)) await buildServer();

// The development outbox (codes and links without a phone or mail server) is on for a newcomer's
// machine only: outside production, on a loopback HOST (the default), unless DEV_OUTBOX says
// otherwise. The server refuses DEV_OUTBOX=1 in production and on any other HOST (config.ts).
const env = { ...process.env };
const host = (env.HOST ?? '127.0.0.1')
  .trim()
  .toLowerCase()
  .replace(/^\[(.*)\]$/, '$1');
const loopback = host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
if (env.NODE_ENV !== 'production' && loopback && (env.DEV_OUTBOX ?? '') === '') env.DEV_OUTBOX = '1';

const server = spawn(process.execPath, ['--enable-source-maps', serverOutfile], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
