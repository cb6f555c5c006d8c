import { describe, expect, it } from 'vitest';
import { longTasks } from './long-tasks.mjs';

const PID = 7;
const MAIN = 1;
const NAV = 1_000_000; // µs, the trace's clock

/** A complete event of the renderer's main thread, `at` and `dur` in ms after the navigation. */
const slice = (name: string, at: number, dur: number, url?: string) => ({
  name,
  ph: 'X',
  pid: PID,
  tid: MAIN,
  ts: NAV + at * 1000,
  dur: dur * 1000,
  ...(url ? { args: { data: { url } } } : {}),
});

const trace = [
  // Another process's and another thread's events are not the page's.
  { ...slice('RunTask', 5, 500), pid: 99 },
  { ...slice('RunTask', 5, 500), tid: 2 },
  {
    name: 'navigationStart',
    ph: 'R',
    pid: PID,
    tid: MAIN,
    ts: NAV,
    args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://127.0.0.1:3000/?run=1#/plan' } },
  },
  // Before the first paint: HTML parsing with the page's own inline script inside it.
  slice('RunTask', 100, 120),
  slice('ParseHTML', 100, 119),
  slice('EvaluateScript', 110, 80, 'http://127.0.0.1:3000/?run=1'),
  { name: 'firstContentfulPaint', ph: 'R', pid: PID, tid: MAIN, ts: NAV + 400_000 },
  // A short task is not a long one.
  slice('RunTask', 500, 49),
  slice('FunctionCall', 500, 48, 'http://127.0.0.1:3000/static/js/index-abc.js'),
  // After it: a module's evaluation, then a timer whose function call re-renders, and layout.
  slice('RunTask', 1000, 300),
  slice('v8.evaluateModule', 1000, 300),
  slice('RunTask', 2000, 200),
  slice('TimerFire', 2000, 150),
  slice('FunctionCall', 2000, 140, 'http://127.0.0.1:3000/static/js/removable-abc.js'),
  slice('MinorGC', 2100, 20),
  slice('Layout', 2160, 40),
];

describe('longTasks (npm run lighthouse with LIGHTHOUSE_TRACE=1)', () => {
  const read = longTasks(trace);

  it('lists the page main thread long tasks in order, from the navigation, with the first paint', () => {
    expect(read.firstPaintMs).toBe(400);
    expect(read.tasks.map((task) => [task.startMs, task.durationMs, task.afterPaint])).toEqual([
      [100, 120, false],
      [1000, 300, true],
      [2000, 200, true],
    ]);
  });

  it('says what each spent its time on, by exclusive time, the file named', () => {
    expect(read.tasks[0]!.spent).toEqual([
      ['script page', 80],
      ['HTML parsing', 39],
    ]);
    expect(read.tasks[2]!.spent).toEqual([
      ['function call removable-abc.js', 120],
      ['layout', 40],
      ['garbage collection', 20],
      ['timer', 10],
    ]);
  });

  it('counts the blocking time after the first paint only: each long task over 50 ms', () => {
    expect(read.blockingMs).toBe(250 + 150);
  });

  it('takes the painting renderer first main-frame navigation when Chromium left its address out', () => {
    const withoutAddress = trace.map((e) =>
      e.name === 'navigationStart'
        ? { ...e, args: { data: { isLoadingMainFrame: true, documentLoaderURL: '' } } }
        : e,
    );
    expect(longTasks(withoutAddress)).toEqual(read);
  });

  it('refuses a trace without the page navigation', () => {
    expect(() => longTasks(trace.filter((e) => e.name !== 'navigationStart'))).toThrow(/navigation/);
  });
});
