import type { SecurityEvent, SecurityEventDeps } from './event-types.ts';

/** Starts the withdrawal hold an event calls for (none yet). */
export function holdAfterSecurityEvent(_deps: SecurityEventDeps, _event: SecurityEvent, _at: number): void {}
