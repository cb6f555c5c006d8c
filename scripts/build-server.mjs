// Compiles the API server (apps/api/src/server.ts and the workspace packages it uses) into one
// JavaScript file, apps/api/dist/server.js, with esbuild: production runs plain Node.js, with no
// TypeScript loader. Packages from node_modules stay outside the file (imported at run time).
// `npm start` runs it when the output is missing or older than a source file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverOutfile = path.join(root, 'apps/api/dist/server.js');

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
    entryPoints: [path.join(root, 'apps/api/src/server.ts')],
    outfile: serverOutfile,
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
