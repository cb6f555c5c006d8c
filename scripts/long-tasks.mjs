// The long tasks of one page load, read from a DevTools trace of it (`npm run lighthouse` with
// LIGHTHOUSE_TRACE=1): where a first visit's main thread goes, task by task, which Lighthouse's
// score does not say. Each task says what it spent its time on (script evaluation of which file,
// a timer's or an event's function call, style, layout, paint, garbage collection), by the
// exclusive time of the trace events inside it.

/** The trace categories the reading below needs. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'loading',
  'blink.user_timing',
];

/** A task at least this long (ms) is a long task (the RAIL and Lighthouse threshold). */
export const LONG_TASK_MS = 50;

const KINDS = {
  EvaluateScript: 'script',
  'v8.evaluateModule': 'module evaluation',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  FunctionCall: 'function call',
  TimerFire: 'timer',
  FireAnimationFrame: 'animation frame',
  EventDispatch: 'event',
  RunMicrotasks: 'microtasks',
  ParseHTML: 'HTML parsing',
  ParseAuthorStyleSheet: 'style',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Commit: 'paint',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
};

/** The file an event names (its script's URL, without the origin and the build's folder). */
function fileOf(event) {
  const url = event.args?.data?.url ?? '';
  if (!url) return '';
  const { pathname } = new URL(url);
  return pathname === '/' ? 'page' : pathname.replace(/^\/static\/js\//, '');
}

/**
 * The renderer's main thread in `traceEvents` (Chromium's JSON trace format): the page's long
 * tasks, in order, each with its start (ms after the navigation began), its duration, whether it
 * came after the first contentful paint, and what it spent its time on (largest first); and the
 * blocking time after that paint (the part of each long task over LONG_TASK_MS, as Lighthouse's
 * total blocking time counts it, here on the trace's own clock).
 */
export function longTasks(traceEvents) {
  // The page's navigation: the one that names its address. Chromium now and then leaves the address
  // out; then the first main-frame navigation of the renderer that painted the page.
  const isPageNavigation = (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame;
  let navigation = traceEvents.find(
    (e) => isPageNavigation(e) && e.args.data.documentLoaderURL?.startsWith('http'),
  );
  if (!navigation) {
    const painted = traceEvents.find((e) => e.name === 'firstContentfulPaint');
    navigation = painted
      ? traceEvents
          .filter(
            (e) =>
              isPageNavigation(e) && e.pid === painted.pid && e.tid === painted.tid && e.ts <= painted.ts,
          )
          .sort((a, b) => a.ts - b.ts)[0]
      : undefined;
  }
  if (!navigation) throw new Error('The trace has no navigation of the page.');
  const { pid, tid } = navigation;
  const paint = traceEvents.find(
    (e) => e.name === 'firstContentfulPaint' && e.pid === pid && e.ts >= navigation.ts,
  );
  const main = traceEvents
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= navigation.ts)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const ms = (microseconds) => Math.round(microseconds / 100) / 10;
  const tasks = [];
  let blockingMs = 0;
  for (const task of main.filter((e) => e.name === 'RunTask' && e.dur >= LONG_TASK_MS * 1000)) {
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
    // Exclusive time of each event of a known kind: what its own children of a known kind did is
    // counted for them (events sorted by start, the enclosing one first).
    const own = new Map();
    const open = [];
    for (const event of inside) {
      if (!KINDS[event.name]) continue;
      while (open.length > 0 && open.at(-1).ts + open.at(-1).dur <= event.ts) open.pop();
      const parent = open.at(-1);
      if (parent) own.set(parent, own.get(parent) - event.dur);
      own.set(event, event.dur);
      open.push(event);
    }
    const spent = new Map();
    for (const [event, time] of own) {
      const file = fileOf(event);
      const label = file ? `${KINDS[event.name]} ${file}` : KINDS[event.name];
      spent.set(label, (spent.get(label) ?? 0) + Math.max(0, time));
    }
    const afterPaint = paint ? task.ts >= paint.ts : false;
    if (afterPaint) blockingMs += task.dur / 1000 - LONG_TASK_MS;
    tasks.push({
      startMs: ms(task.ts - navigation.ts),
      durationMs: ms(task.dur),
      afterPaint,
      spent: [...spent]
        .filter(([, time]) => time >= 1000)
        .sort((a, b) => b[1] - a[1])
        .map(([label, time]) => [label, ms(time)]),
    });
  }
  return {
    firstPaintMs: paint ? ms(paint.ts - navigation.ts) : null,
    blockingMs: Math.round(blockingMs),
    tasks,
  };
}
