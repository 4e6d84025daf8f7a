import { describe, expect, it } from 'vitest';
import { tapAnatomy } from '../tap-anatomy.ts';
import type { TraceEvent } from '../trace-summary.ts';

const main: TraceEvent = { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 7, args: { name: 'CrRendererMain' } };
const x = (name: string, ts: number, dur: number): TraceEvent => ({ name, ph: 'X', ts, dur, pid: 1, tid: 7 });
const dispatch = (type: string, ts: number, dur: number): TraceEvent => ({
  ...x('EventDispatch', ts, dur),
  args: { data: { type } },
});

/** One touch tap: its touch task, then its click's task, a batch's task, then the frame that paints the click. */
function tap(at: number, clickTaskMs: number): TraceEvent[] {
  const ms = 1000;
  return [
    x('RunTask', at, 4 * ms),
    dispatch('pointerdown', at + ms, ms),
    x('RunTask', at + 10 * ms, clickTaskMs * ms),
    x('HitTest', at + 10 * ms, 2 * ms),
    dispatch('mousedown', at + 12 * ms, ms),
    dispatch('click', at + 15 * ms, 5 * ms),
    x('FunctionCall', at + 15 * ms, 4 * ms),
    x('Layout', at + 20 * ms, 3 * ms),
    // Not a frame: a task that ran script only.
    x('RunTask', at + 10 * ms + clickTaskMs * ms, ms),
    x('FunctionCall', at + 10 * ms + clickTaskMs * ms, ms),
    x('RunTask', at + 50 * ms, 6 * ms),
    x('Paint', at + 51 * ms, 2 * ms),
    x('Commit', at + 53 * ms, 3 * ms),
  ];
}

describe('tapAnatomy', () => {
  it("splits each click's task at its dispatch and finds the pointerdown's task and the next frame", () => {
    const events = [main, ...tap(0, 15), ...tap(100_000, 25)];
    const anatomy = tapAnatomy(events);
    expect(anatomy.taps).toBe(2);
    expect(anatomy.touchTaskMs).toBe(4);
    expect(anatomy.clickTaskMs).toBe(20);
    expect(anatomy.beforeClickMs).toBe(5);
    expect(anatomy.clickDispatchMs).toBe(5);
    expect(anatomy.afterClickMs).toBe(10);
    expect(anatomy.frameAfterMs).toBe(6);
    expect(anatomy.clickTaskP90Ms).toBe(25);
    // Self time a tap in the click's task: 15 or 25 ms less its children (2 + 1 + 5 + 3).
    expect(Object.fromEntries(anatomy.clickTaskByEvent)).toEqual({
      RunTask: 9,
      HitTest: 2,
      EventDispatch: 1 + 1,
      FunctionCall: 4,
      Layout: 3,
    });
  });

  it('counts a mouse click, whose pointerdown shares its task, once', () => {
    const events = [main, x('RunTask', 0, 10_000), dispatch('pointerdown', 1000, 1000), dispatch('click', 4000, 2000)];
    const anatomy = tapAnatomy(events);
    expect(anatomy.touchTaskMs).toBe(0);
    expect(anatomy.clickTaskMs).toBe(10);
    expect(anatomy.frameAfterMs).toBe(0);
  });

  it('gives NaN means for a trace with no click', () => {
    expect(tapAnatomy([main, x('RunTask', 0, 1000)]).clickTaskMs).toBeNaN();
  });
});
