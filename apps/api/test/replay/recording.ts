import { createHash } from 'node:crypto';

/**
 * The recorded answers of the API replay (replay.ts) and how two recordings are compared. Kept apart
 * from the scenario so that the format and the comparison read on their own.
 */

/** One request of the replay and the API's answer to it, normalized (see normalizer.ts). */
export interface RecordedAnswer {
  /** 1-based position in the replay. */
  n: number;
  /** What the scenario was doing (for people reading a difference). */
  step: string;
  /** The server's clock when the request was sent (a manual clock: it moves only when the scenario moves it). */
  at: string;
  method: string;
  url: string;
  /** What was sent: the JSON body, or a multipart body's fields and files (byte length and SHA-256). */
  request?: unknown;
  status: number;
  /** content-type, cache-control, content-disposition and set-cookie, when the answer has them. */
  headers: Record<string, string>;
  /**
   * The body: `json` when the text is JSON that `JSON.stringify(JSON.parse(text))` gives back byte
   * for byte (kept as a value so the committed file reads and diffs well); otherwise `text`, the
   * body as it is; for a file (image, PDF, anything not text) only its length and SHA-256 in `binary`.
   */
  json?: unknown;
  text?: string;
  binary?: { bytes: number; sha256: string };
}

export interface Recording {
  about: string;
  /** The clock's start. */
  start: string;
  count: number;
  answers: RecordedAnswer[];
}

const TEXT_TYPES = /^(text\/|application\/(json|problem\+json|javascript|xml))/;

/** The recorded form of an answer's body: JSON value, text or a file's length and hash (see RecordedAnswer). */
export function recordBody(
  contentType: string,
  raw: Buffer,
  normalize: (text: string) => string,
): Pick<RecordedAnswer, 'json' | 'text' | 'binary'> {
  if (raw.length > 0 && contentType !== '' && !TEXT_TYPES.test(contentType)) {
    return { binary: { bytes: raw.length, sha256: createHash('sha256').update(raw).digest('hex') } };
  }
  const text = normalize(raw.toString('utf8'));
  if (contentType.includes('json')) {
    try {
      const value: unknown = JSON.parse(text);
      if (JSON.stringify(value) === text) return { json: value };
    } catch {
      // Not JSON after all: kept as text.
    }
  }
  return { text };
}

/** The body as lines to diff: JSON pretty-printed, text as it is, a file as its summary. */
function bodyLines(answer: RecordedAnswer | undefined): string[] {
  if (!answer) return [];
  if (answer.binary) return [`<file: ${answer.binary.bytes} bytes, sha256 ${answer.binary.sha256}>`];
  if (answer.json !== undefined) return JSON.stringify(answer.json, null, 2).split('\n');
  const text = answer.text ?? '';
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return JSON.stringify(JSON.parse(text), null, 2).split('\n');
    } catch {
      // Shown as it is.
    }
  }
  return text.split('\n');
}

/**
 * A unified-style diff of two texts' lines (`-` expected, `+` actual) with `context` lines around
 * each change. The common head and tail are cut first; the rest is compared with a longest common
 * subsequence (or shown as removed then added when it is too long for that).
 */
export function unifiedDiff(expected: string[], actual: string[], context = 3): string {
  let head = 0;
  while (head < expected.length && head < actual.length && expected[head] === actual[head]) head++;
  let tail = 0;
  while (
    tail < expected.length - head &&
    tail < actual.length - head &&
    expected[expected.length - 1 - tail] === actual[actual.length - 1 - tail]
  ) {
    tail++;
  }
  const a = expected.slice(head, expected.length - tail);
  const b = actual.slice(head, actual.length - tail);
  type Op = { kind: ' ' | '-' | '+'; line: string };
  const ops: Op[] = [];
  if (a.length * b.length <= 4_000_000) {
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
    for (let i = a.length - 1; i >= 0; i--) {
      for (let j = b.length - 1; j >= 0; j--) {
        lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i] === b[j]) {
        ops.push({ kind: ' ', line: a[i]! });
        i++;
        j++;
      } else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
        ops.push({ kind: '-', line: a[i]! });
        i++;
      } else {
        ops.push({ kind: '+', line: b[j]! });
        j++;
      }
    }
  } else {
    for (const line of a) ops.push({ kind: '-', line });
    for (const line of b) ops.push({ kind: '+', line });
  }
  const all: Op[] = [
    ...expected.slice(Math.max(0, head - context), head).map((line) => ({ kind: ' ' as const, line })),
    ...ops,
    ...expected
      .slice(expected.length - tail, expected.length - tail + context)
      .map((line) => ({ kind: ' ' as const, line })),
  ];
  // Keep the changed lines and `context` lines around each; mark the cuts.
  const keep = all.map(() => false);
  all.forEach((op, k) => {
    if (op.kind === ' ') return;
    for (let m = Math.max(0, k - context); m <= Math.min(all.length - 1, k + context); m++) keep[m] = true;
  });
  const out: string[] = [`@@ from line ${Math.max(1, head - context + 1)} of the expected body @@`];
  let skipped = false;
  all.forEach((op, k) => {
    if (!keep[k]) {
      if (!skipped) out.push('@@ … @@');
      skipped = true;
      return;
    }
    skipped = false;
    out.push(`${op.kind}${op.line}`);
  });
  return out.join('\n');
}

export type Comparison =
  { identical: true; count: number } | { identical: false; index: number; report: string };

const describeAnswer = (a: RecordedAnswer) => `#${a.n} ${a.method} ${a.url} (${a.step}; at ${a.at})`;

/**
 * The first request whose recorded answer differs (status, headers, body, or the request itself:
 * the scenario took another path), with a unified diff of the body; or how many are identical.
 */
export function compareRecordings(expected: Recording, actual: Recording): Comparison {
  const n = Math.max(expected.answers.length, actual.answers.length);
  for (let i = 0; i < n; i++) {
    const e = expected.answers[i];
    const a = actual.answers[i];
    if (e && a && JSON.stringify(e) === JSON.stringify(a)) continue;
    const lines: string[] = [];
    if (!e) {
      lines.push(`Request ${describeAnswer(a!)} is not in the baseline (the replay made more requests).`);
    } else if (!a) {
      lines.push(
        `Request ${describeAnswer(e)} of the baseline was not made (the replay made ${actual.answers.length}).`,
      );
    } else {
      lines.push(`First difference at request ${describeAnswer(e)}:`);
      for (const key of ['step', 'at', 'method', 'url'] as const) {
        if (e[key] !== a[key]) lines.push(`  ${key}: expected ${e[key]}, got ${a[key]}`);
      }
      if (JSON.stringify(e.request) !== JSON.stringify(a.request)) {
        lines.push(`  request sent: expected ${JSON.stringify(e.request)}`);
        lines.push(`                got      ${JSON.stringify(a.request)}`);
      }
      if (e.status !== a.status) lines.push(`  status: expected ${e.status}, got ${a.status}`);
      const headerNames = [...new Set([...Object.keys(e.headers), ...Object.keys(a.headers)])].sort();
      for (const name of headerNames) {
        if (e.headers[name] !== a.headers[name]) {
          lines.push(
            `  header ${name}: expected ${e.headers[name] ?? '(none)'}, got ${a.headers[name] ?? '(none)'}`,
          );
        }
      }
    }
    const before = bodyLines(e);
    const after = bodyLines(a);
    if (before.join('\n') !== after.join('\n')) {
      lines.push('  body (- baseline, + now):');
      lines.push(unifiedDiff(before, after));
    } else if (e && a && (e.json === undefined) !== (a.json === undefined)) {
      lines.push(
        '  body: same content, but one is exact JSON and the other is not (spacing or escapes differ):',
      );
      lines.push(`  - ${e.text ?? JSON.stringify(e.json)}`);
      lines.push(`  + ${a.text ?? JSON.stringify(a.json)}`);
    }
    return { identical: false, index: i, report: lines.join('\n') };
  }
  return { identical: true, count: n };
}
