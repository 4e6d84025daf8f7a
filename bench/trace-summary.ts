/** Self time of a Chromium trace's main-thread events (trace-spot.ts): what each kind of work cost. */

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  /** A thread's name (metadata events); an EventDispatch's DOM event type (`data.type`). */
  args?: { name?: string; data?: { type?: string } };
}

export interface SelfTimes {
  /** ms of self time (the event's duration less its children's) by event name. */
  byEvent: Map<string, number>;
  counts: Map<string, number>;
  /** ms of top-level tasks. */
  busy: number;
}

/** The renderer's main thread: the thread named CrRendererMain that ran the most tasks. */
function mainThread(events: readonly TraceEvent[]): string | undefined {
  const mains = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const tasks = new Map<string, number>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (mains.has(key) && event.name === 'RunTask') tasks.set(key, (tasks.get(key) ?? 0) + 1);
  }
  return [...tasks].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The main thread's complete events, by start time, an enclosing event before the events it holds. */
export function mainThreadEvents(events: readonly TraceEvent[]): TraceEvent[] {
  const main = mainThread(events);
  return events
    .filter((event) => event.ph === 'X' && event.dur !== undefined && `${event.pid}:${event.tid}` === main)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

/** Complete events of the main thread nested by time; each one's self time is its duration less its direct children's. */
export function selfTimes(events: readonly TraceEvent[]): SelfTimes {
  return nestedSelfTimes(mainThreadEvents(events));
}

/** Self times of one thread's complete events, sorted as mainThreadEvents sorts them. */
export function nestedSelfTimes(complete: readonly TraceEvent[]): SelfTimes {
  const byEvent = new Map<string, number>();
  const counts = new Map<string, number>();
  const stack: { end: number; event: TraceEvent; children: number }[] = [];
  let busy = 0;
  const close = (entry: (typeof stack)[number]) => {
    const self = ((entry.event.dur ?? 0) - entry.children) / 1000;
    byEvent.set(entry.event.name, (byEvent.get(entry.event.name) ?? 0) + self);
  };
  for (const event of complete) {
    const end = event.ts + (event.dur ?? 0);
    while (stack.length && (stack.at(-1) as (typeof stack)[number]).end <= event.ts)
      close(stack.pop() as (typeof stack)[number]);
    const parent = stack.at(-1);
    if (parent) parent.children += event.dur ?? 0;
    else if (event.name === 'RunTask') busy += (event.dur ?? 0) / 1000;
    counts.set(event.name, (counts.get(event.name) ?? 0) + 1);
    stack.push({ end, event, children: 0 });
  }
  while (stack.length) close(stack.pop() as (typeof stack)[number]);
  return { byEvent, counts, busy };
}

/** What a top-level task of the main thread did: made a frame (commit or paint), ran script, or neither. */
export type TaskKind = 'frame' | 'script' | 'other';

const SCRIPT_EVENTS = new Set(['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'v8.callFunction']);

/**
 * The main thread's top-level tasks by kind, each kind's count and ms: more frames than batches a
 * second means something drew again after a batch's frame (docs/performance.md#spot-book-and-depth-chart).
 */
export function tasksByKind(events: readonly TraceEvent[]): Map<TaskKind, { count: number; ms: number }> {
  const complete = mainThreadEvents(events);
  const kinds = new Map<TaskKind, { count: number; ms: number }>();
  for (let i = 0; i < complete.length;) {
    const task = complete[i] as TraceEvent;
    const end = task.ts + (task.dur ?? 0);
    let kind: TaskKind = 'other';
    let next = i + 1;
    for (; next < complete.length && (complete[next] as TraceEvent).ts < end; next++) {
      const { name } = complete[next] as TraceEvent;
      if (name === 'Commit' || name === 'Paint') kind = 'frame';
      else if (kind === 'other' && SCRIPT_EVENTS.has(name)) kind = 'script';
    }
    if (task.name === 'RunTask') {
      const entry = kinds.get(kind) ?? { count: 0, ms: 0 };
      kinds.set(kind, { count: entry.count + 1, ms: entry.ms + (task.dur ?? 0) / 1000 });
    }
    i = next;
  }
  return kinds;
}
