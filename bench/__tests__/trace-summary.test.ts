import { describe, expect, it } from 'vitest';
import { selfTimes, tasksByKind, type TraceEvent } from '../trace-summary.ts';

const thread = (tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  pid: 1,
  tid,
  args: { name },
});
const x = (name: string, ts: number, dur: number, tid = 7): TraceEvent => ({ name, ph: 'X', ts, dur, pid: 1, tid });

describe('selfTimes', () => {
  it("gives each event its duration less its direct children's, on the busiest renderer main thread only", () => {
    const events = [
      thread(7, 'CrRendererMain'),
      thread(8, 'CrRendererMain'),
      thread(9, 'Compositor'),
      // A task of 10 ms: a 6 ms script call that forces a 2 ms layout, then a 3 ms paint.
      x('RunTask', 0, 10_000),
      x('FunctionCall', 0, 6_000),
      x('Layout', 1_000, 2_000),
      x('Paint', 6_000, 3_000),
      // A second task of 4 ms with nothing inside.
      x('RunTask', 20_000, 4_000),
      // Another renderer's main thread (a blank page) and the compositor are not counted.
      x('RunTask', 0, 50_000, 8),
      x('RunTask', 0, 50_000, 9),
      x('Paint', 0, 50_000, 9),
    ];
    const { byEvent, counts, busy } = selfTimes(events);
    expect(busy).toBe(14);
    expect(Object.fromEntries(byEvent)).toEqual({ RunTask: 1 + 4, FunctionCall: 4, Layout: 2, Paint: 3 });
    expect(counts.get('RunTask')).toBe(2);
  });
});

describe('tasksByKind', () => {
  it("sorts the main thread's top-level tasks into frames, script and other, with their time", () => {
    const events = [
      thread(7, 'CrRendererMain'),
      // A batch's script task, then its frame, then a second script task and a second frame.
      x('RunTask', 0, 8_000),
      x('FunctionCall', 0, 7_000),
      x('RunTask', 10_000, 5_000),
      x('Layout', 10_000, 1_000),
      x('Paint', 11_000, 1_000),
      x('Commit', 12_000, 2_000),
      x('RunTask', 16_000, 1_000),
      x('FunctionCall', 16_000, 1_000),
      x('RunTask', 18_000, 3_000),
      x('Paint', 18_000, 1_000),
      x('FunctionCall', 19_000, 1_000),
      // A task that ran neither.
      x('RunTask', 30_000, 500),
    ];
    expect(Object.fromEntries(tasksByKind(events))).toEqual({
      script: { count: 2, ms: 9 },
      frame: { count: 2, ms: 8 },
      other: { count: 1, ms: 0.5 },
    });
  });
});
