/**
 * The page's developer and QA flags for the market engine, read once from the first URL (they apply
 * until a full reload):
 * - `?engine=main` runs the same engine on the main thread instead of the worker.
 * - `?replay=<url>&speed=<n>` replays a recorded session (transcript NDJSON) with no server.
 * - `?record=1` records every frame to IndexedDB; the shell's QA bar saves it as NDJSON, and so
 *   does `globalThis.__marketEngine.exportRecording()` (qa-global.ts).
 */

/** The developer and QA flags of the page's URL. */
export interface PageFlags {
  mainThread: boolean;
  replay: string | null;
  speed: number;
  record: boolean;
}

let pageFlags: PageFlags | undefined;

function readFlags(): PageFlags {
  const params = new URLSearchParams(globalThis.location?.search ?? '');
  const speed = Number(params.get('speed') ?? '1');
  return {
    mainThread: params.get('engine') === 'main',
    replay: params.get('replay'),
    speed: Number.isFinite(speed) && speed > 0 ? speed : 1,
    record: params.get('record') === '1',
  };
}

/** The flags the engine started with, read once from the first URL (they apply until a full reload). */
export function enginePageFlags(): Readonly<PageFlags> {
  pageFlags ??= readFlags();
  return pageFlags;
}
