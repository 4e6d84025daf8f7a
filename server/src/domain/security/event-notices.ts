import type { SecurityEvent, SecurityEventDeps } from './event-types.ts';

/** Tells the user about an event with a system notice and a mail (none yet). */
export function noticeOfSecurityEvent(_deps: SecurityEventDeps, _event: SecurityEvent, _at: number): void {}
