// Types of ./long-tasks.mjs (plain JavaScript, run by node from scripts/lighthouse.mjs).

export declare const TRACE_CATEGORIES: string[];
export declare const LONG_TASK_MS: number;

export interface LongTask {
  /** ms after the navigation began. */
  startMs: number;
  durationMs: number;
  /** Whether it began after the first contentful paint. */
  afterPaint: boolean;
  /** What it spent its time on, `[label, ms]`, largest first. */
  spent: [string, number][];
}

export interface LongTasks {
  firstPaintMs: number | null;
  blockingMs: number;
  tasks: LongTask[];
}

export declare function longTasks(traceEvents: object[]): LongTasks;
