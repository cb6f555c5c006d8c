// `npm start`: one process serving the borrower app at /, the back-office at /backoffice/ and the API.
// If a front end has not been built yet, it is built first, so a fresh clone needs only
// `npm ci && npm start`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

for (const app of ['borrower', 'backoffice']) {
  if (!existsSync(path.join(root, 'apps', app, 'dist', 'index.html'))) {
    console.log(`Construyendo apps/${app} (primera vez)…`);
    const built = spawnSync(npm, ['run', 'build', '-w', `apps/${app}`], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const server = spawn(tsx, [path.join(root, 'apps/api/src/server.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
