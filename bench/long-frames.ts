/**
 * Long animation frames (≥ 50 ms, the Long Animation Frames API): what ran in a frame that held the
 * page, to tell whose a long task is. The soak and the screens' windows both record them.
 */

/**
 * `renderMs` is the frame's style, layout and paint; each script is named by how it was called (a
 * timer, a message, a frame callback, an event) and its function and file.
 */
export interface LongFrame {
  start: number;
  ms: number;
  renderMs: number;
  scripts: { ms: number; what: string }[];
}

/**
 * Page script that pushes each long animation frame as a LongFrame onto `target` (an array
 * expression in the page). A string: tsx helpers do not exist in the page.
 */
export function longFrameObserver(target: string): string {
  return `
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.duration < 50) continue;
      ${target}.push({
        start: e.startTime,
        ms: e.duration,
        renderMs: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
        scripts: e.scripts.map((s) => ({
          ms: Math.round(s.duration),
          what: [s.invokerType, s.invoker, s.sourceFunctionName, s.sourceURL.split('/').pop()].filter(Boolean).join(' '),
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
`;
}
