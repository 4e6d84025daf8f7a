/**
 * The engine's QA tools: recording (the shell's QA bar saves it) and a console handle for QA and the
 * bench, which cannot import modules from the built app: `globalThis.__marketEngine`, put on the page
 * when this module loads.
 */
import { engineStats, withApi } from './engine-connection.ts';
import { observeEngineStreams } from './engine-streams.ts';

/** Starts recording every frame to IndexedDB. */
export function startEngineRecording(): Promise<void> {
  return withApi((api) => api.startRecording() as Promise<void>);
}

/** The current recording as NDJSON (the transcript format `?replay=` plays). */
export function exportEngineRecording(): Promise<string> {
  return withApi((api) => api.exportRecording() as Promise<string>);
}

Object.assign(globalThis, {
  __marketEngine: {
    stats: engineStats,
    startRecording: startEngineRecording,
    exportRecording: exportEngineRecording,
    observe: observeEngineStreams,
  },
});
