/**
 * The bench's inflate page: hands gzip frames (base64, from the bench in Node) to a dedicated worker
 * that times the market worker's inflate paths (inflate.worker.ts) and answers their times.
 */
import type { InflateTimes } from './inflate.worker.ts';

const bytes = (base64: string): Uint8Array => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

function inflateBench(frames: string[], runs = 5): Promise<InflateTimes> {
  const worker = new Worker(new URL('./inflate.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<InflateTimes>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<InflateTimes>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ frames: frames.map(bytes), runs });
  }).finally(() => worker.terminate());
}

(window as unknown as { inflateBench: typeof inflateBench }).inflateBench = inflateBench;
