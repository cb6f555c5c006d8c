// `npm run size`: the JavaScript each route downloads on its first load, against bundle-budgets.json.
// A route's first load is the app's entry (index.html's script) with every chunk it imports
// statically, plus each lazy route module on the way to the screen (the borrower app's logged-in
// layout, the screen) with their static imports, read from Vite's manifest
// (apps/<app>/dist/.vite/manifest.json). Sizes are KiB after gzip (level 9) and brotli (quality 11),
// as a server with precompressed files would send them. An app not built yet is built first.
// Exits 1 when a route is past its budget (CI runs it after the build). With --readme, the table is
// also written to the README's "Bundle size" section.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const budgets = JSON.parse(readFileSync(path.join(root, 'bundle-budgets.json'), 'utf8'));

/** Every route with a budget: the lazy modules (manifest keys) loaded after the entry, in order. */
const routeModules = {
  borrower: {
    '/login': ['src/app/routes/login.tsx'],
    '/registro': ['src/app/routes/registration.tsx'],
    '/recuperarpass': ['src/app/routes/password-recovery.tsx'],
    'Inicio (/)': ['src/app/routes/logged-in-layout.tsx', 'src/app/routes/home.tsx'],
    '/perfil': ['src/app/routes/logged-in-layout.tsx', 'src/app/routes/profile.tsx'],
    '/aplicar': ['src/app/routes/logged-in-layout.tsx', 'src/app/routes/loan-application.tsx'],
    '/plan': ['src/app/routes/logged-in-layout.tsx', 'src/app/routes/plan.tsx'],
    '/historial': ['src/app/routes/logged-in-layout.tsx', 'src/app/routes/history.tsx'],
  },
  backoffice: {
    // The staff app loads its core with the entry; its screens are lazy and not budgeted one by one.
    '/backoffice/': [],
  },
};

function readManifest(app) {
  const file = path.join(root, 'apps', app, 'dist', '.vite', 'manifest.json');
  if (!existsSync(file)) {
    console.log(`Construyendo apps/${app} (no hay dist/.vite/manifest.json)…`);
    const built = spawnSync(npm, ['run', 'build', '-w', `apps/${app}`], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The chunk files a manifest key needs at once: itself and its static imports, transitively. */
function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} no está en el manifiesto de Vite`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

const compressed = new Map();
function sizesOf(dist, file) {
  if (!compressed.has(file)) {
    const bytes = readFileSync(path.join(dist, file));
    compressed.set(file, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }).length,
    });
  }
  return compressed.get(file);
}

const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const rows = [];
const failures = [];
for (const [app, routes] of Object.entries(routeModules)) {
  const manifest = readManifest(app);
  const dist = path.join(root, 'apps', app, 'dist');
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  for (const [route, modules] of Object.entries(routes)) {
    const files = staticClosure(manifest, entry);
    for (const key of modules) staticClosure(manifest, key, files);
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) {
      const size = sizesOf(dist, file);
      for (const k of Object.keys(total)) total[k] += size[k];
    }
    const budget = budgets[app]?.[route];
    if (!budget) throw new Error(`bundle-budgets.json no tiene presupuesto para ${app} ${route}`);
    const over = [];
    if (kib(total.gzip) > budget.gzipKiB) over.push(`gzip ${kib(total.gzip)} > ${budget.gzipKiB}`);
    if (kib(total.brotli) > budget.brotliKiB) over.push(`brotli ${kib(total.brotli)} > ${budget.brotliKiB}`);
    if (over.length > 0) failures.push(`${app} ${route}: ${over.join(', ')} KiB`);
    rows.push({
      app,
      route,
      files: files.size,
      'raw KiB': kib(total.raw),
      'gzip KiB': kib(total.gzip),
      'brotli KiB': kib(total.brotli),
      'budget gzip/br KiB': `${budget.gzipKiB} / ${budget.brotliKiB}`,
      ok: over.length === 0 ? 'yes' : 'NO',
    });
  }
}

console.log('First-load JavaScript per route (entry + static imports + lazy route modules):');
console.table(rows);
if (process.argv.includes('--readme')) {
  const headers = Object.keys(rows[0]);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = [
    '<!-- size:start (written by npm run size -- --readme) -->',
    `Build of ${when} UTC:`,
    '',
    `| ${headers.join(' | ')} |`,
    `| ${headers.map((h, i) => (i < 2 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((row) => `| ${headers.map((h) => row[h]).join(' | ')} |`),
    '<!-- size:end -->',
  ].join('\n');
  const readmePath = path.join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  writeFileSync(readmePath, readme.replace(/<!-- size:start[\s\S]*?<!-- size:end -->/, section));
}
if (failures.length > 0) {
  console.error(`Past the budget (bundle-budgets.json):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
