// Compiles the API server (apps/api/src/server.ts and the workspace packages it uses) into one
// JavaScript file, apps/api/dist/server.js, with esbuild: production runs plain Node.js, with no
// TypeScript loader. The operator's commands are compiled beside it the same way (migrate-cli.js,
// servicing-cli.js, backup-cli.js, restore-cli.js), for deploy/'s systemd units and upgrades.
// Packages from node_modules stay outside the files (imported at run time).
// `npm start` runs it when the output is missing or older than a source file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'apps/api/dist');
export const serverOutfile = path.join(outdir, 'server.js');
/** Each compiled file of apps/api/dist and its source in apps/api/src. */
const ENTRY_POINTS = ['server', 'migrate-cli', 'servicing-cli', 'backup-cli', 'restore-cli'];

/** Bare imports stay imports, except the workspace's own packages, which are TypeScript source. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@prestamos-hn/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  // Imported here: a production install that has the compiled server needs no build tool.
  const { build } = await import('esbuild');
  await build({
    entryPoints: Object.fromEntries(
      ENTRY_POINTS.map((name) => [name, path.join(root, `apps/api/src/${name}.ts`)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [keepPackagesExternal],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
