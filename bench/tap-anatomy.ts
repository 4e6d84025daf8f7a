/**
 * Where a tap's main-thread time goes, read from a trace of touch taps (`npm run bench:trace` with
 * `TRACE_TAPS`): the touch's task; the click's task in three parts, what the browser did before
 * the click's handlers (the mouse events a touch makes, their hit tests, the focus moving), the
 * click's dispatch (its handlers, and React's render and commit of what they changed) and what
 * followed in the same task (style and layout of the changed page); then the frame that painted it.
 * The tap bench's input delay, processing and presentation (tap-latency.ts) say the same from inside
 * the page, without naming the work (docs/performance.md#tap-latency).
 */
import { percentile } from './stats.ts';
import { mainThreadEvents, nestedSelfTimes, type TraceEvent } from './trace-summary.ts';

export interface TapAnatomy {
  /** Clicks found in the trace. */
  taps: number;
  /**
   * Means over the taps, in ms. The touch's task is the one that dispatched the pointerdown; the
   * bench's taps lift at once, so the release's events are usually in it too.
   */
  touchTaskMs: number;
  clickTaskMs: number;
  beforeClickMs: number;
  clickDispatchMs: number;
  afterClickMs: number;
  frameAfterMs: number;
  clickTaskP90Ms: number;
  /** The click's task by trace event: mean self time a tap, in ms. */
  clickTaskByEvent: Map<string, number>;
}

const end = (event: TraceEvent): number => event.ts + (event.dur ?? 0);
const isDispatch = (event: TraceEvent, type: string): boolean =>
  event.name === 'EventDispatch' && event.args?.data?.type === type;

export function tapAnatomy(events: readonly TraceEvent[]): TapAnatomy {
  const main = mainThreadEvents(events);
  const tasks = main.filter((event) => event.name === 'RunTask');
  const taskAt = (ts: number) => tasks.find((task) => task.ts <= ts && ts < end(task));
  const within = (task: TraceEvent) => main.filter((event) => event.ts >= task.ts && end(event) <= end(task));
  const paints = (task: TraceEvent) => within(task).some((event) => event.name === 'Commit' || event.name === 'Paint');
  const rows: { down: number; task: number; before: number; dispatch: number; frame: number }[] = [];
  const byEvent = new Map<string, number>();
  let lastDown: TraceEvent | undefined;
  for (const event of main) {
    if (isDispatch(event, 'pointerdown')) lastDown = event;
    if (!isDispatch(event, 'click')) continue;
    const task = taskAt(event.ts);
    if (!task) continue;
    const downTask = lastDown && taskAt(lastDown.ts);
    const frame = tasks.find((next) => next.ts >= end(task) && paints(next));
    rows.push({
      // A mouse click's pointerdown shares the click's task: counted once, there.
      down: downTask && downTask !== task ? (downTask.dur ?? 0) : 0,
      task: task.dur ?? 0,
      before: event.ts - task.ts,
      dispatch: event.dur ?? 0,
      frame: frame?.dur ?? 0,
    });
    for (const [name, ms] of nestedSelfTimes(within(task)).byEvent) byEvent.set(name, (byEvent.get(name) ?? 0) + ms);
    lastDown = undefined;
  }
  const taps = rows.length;
  const mean = (pick: (row: (typeof rows)[number]) => number) =>
    taps === 0 ? Number.NaN : rows.reduce((sum, row) => sum + pick(row), 0) / taps / 1000;
  return {
    taps,
    touchTaskMs: mean((row) => row.down),
    clickTaskMs: mean((row) => row.task),
    beforeClickMs: mean((row) => row.before),
    clickDispatchMs: mean((row) => row.dispatch),
    afterClickMs: mean((row) => row.task - row.before - row.dispatch),
    frameAfterMs: mean((row) => row.frame),
    clickTaskP90Ms: percentile(
      rows.map((row) => row.task / 1000),
      90,
    ),
    clickTaskByEvent: new Map([...byEvent].map(([name, ms]) => [name, taps ? ms / taps : 0])),
  };
}
