import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** One phase of `npm run rehearsal` (rehearsal.ts): the requests begun in it. */
export interface PhaseResult {
  phase: string;
  requests: number;
  /** Answered with a refusal by a product rule (a rate limit, 3 receipts waiting): not failures. */
  refused: number;
  failures: number;
  /** Milliseconds; for the live chat, how long every answer took to arrive. */
  p99: number;
  failureKinds: string[];
}

/** The `q` quantile (0..1) of `values` by the nearest-rank method; 0 for none. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** The rehearsal's table as the README keeps it (Markdown), with what was checked under it. */
export function renderTable(
  results: readonly PhaseResult[],
  summary: { measured: string; lostWrites: number | string; acknowledged: string; jobs: string },
): string {
  const lines = [
    '| phase | requests | refused by a rule | failed | p99 (ms) |',
    '| ----- | -------: | ----------------: | -----: | -------: |',
    ...results.map(
      (r) => `| ${r.phase} | ${r.requests} | ${r.refused} | ${r.failures} | ${Math.round(r.p99)} |`,
    ),
    '',
    `Lost writes: ${summary.lostWrites} (acknowledged: ${summary.acknowledged}).`,
    `Jobs: ${summary.jobs}.`,
    `Measured ${summary.measured} on this machine (2 cores, shared).`,
  ];
  const failures = results.flatMap((r) => r.failureKinds.map((k) => `- ${r.phase}: ${k}`));
  if (failures.length > 0) lines.push('', 'Failed requests:', ...failures);
  return lines.join('\n');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A well-formed PNG (the server reads an upload's structure, not its pixels) with random image data:
 * each receipt of the rehearsal a different photo, as deposits are.
 */
export function makeRehearsalPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(480, 0);
  header.writeUInt32BE(640, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', randomBytes(2048)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
