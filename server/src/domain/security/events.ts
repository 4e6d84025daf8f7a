import type { SecurityEvent, SecurityEventDeps } from './event-types.ts';
import { holdAfterSecurityEvent } from './holds.ts';
import { noticeOfSecurityEvent } from './event-notices.ts';

export type { SecurityEvent, SecurityEventDeps, SecurityEventKind } from './event-types.ts';

export interface SecurityEvents {
  /** Records the event: the hold it starts and the notice and mail it sends, in one transaction. */
  record(event: SecurityEvent): void;
}

export function createSecurityEvents(deps: SecurityEventDeps): SecurityEvents {
  return {
    record(event) {
      const at = deps.now();
      deps.db.transaction(() => {
        holdAfterSecurityEvent(deps, event, at);
        noticeOfSecurityEvent(deps, event, at);
      })();
    },
  };
}
