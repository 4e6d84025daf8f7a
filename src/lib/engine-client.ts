/**
 * The UI's door to the market engine: screens import what they need from here. It composes one
 * module per job:
 * - engine-worker.ts creates the engine (the Worker, through Comlink, or the main thread);
 * - engine-flags.ts reads the page's developer and QA flags (`?engine=main`, `?replay=`, `?record=1`);
 * - engine-connection.ts holds the one engine and its commands (session, visibility, alerts);
 * - engine-streams.ts turns each stream the engine offers into an Observable;
 * - engine-replay.ts starts a replay and says what became of it;
 * - qa-global.ts records, and gives QA and the bench a console handle, `globalThis.__marketEngine`.
 */
export { enginePageFlags, type PageFlags } from './engine-flags.ts';
export {
  alertEvents$,
  engineStats,
  fetchMinuteBar,
  notifyEngineOnline,
  setEngineAlerts,
  setEngineSession,
  setEngineVisible,
} from './engine-connection.ts';
export { engineStream, observeEngineStreams } from './engine-streams.ts';
export { replayOutcome$, type ReplayOutcome } from './engine-replay.ts';
export { exportEngineRecording, startEngineRecording } from './qa-global.ts';
