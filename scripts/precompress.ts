// A Vite plugin for both front ends: every built script, style sheet and SVG is also written
// compressed, `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9), and the server sends
// those as they are (@fastify/static `preCompressed`). A phone then downloads the sizes that
// `npm run size` reports, and the server spends no CPU compressing the same file on every request
// (on the fly it would use a quicker, weaker level).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|svg|txt)$/;

export function precompress(): Plugin {
  return {
    name: 'prestamos-hn:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      await Promise.all(
        Object.values(bundle)
          .filter((file) => COMPRESSIBLE.test(file.fileName))
          .map(async (file) => {
            const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
            const target = path.join(outDir, file.fileName);
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipAsync(source, { level: 9 }),
            ]);
            // Only where it saves something (a tiny file may grow).
            if (br.length < source.length) await writeFile(`${target}.br`, br);
            if (gz.length < source.length) await writeFile(`${target}.gz`, gz);
          }),
      );
    },
  };
}
