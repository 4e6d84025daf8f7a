import type { Db } from '../../db/database.ts';
import { SignInRepository, type SignInReason } from '../../db/repositories/sign-in-repository.ts';
import { describeUserAgent } from './devices.ts';
import type { SecurityEvents } from './events.ts';
import type { ClientOrigin } from './sessions.ts';

export type { SignInReason } from '../../db/repositories/sign-in-repository.ts';

/** How long the sign-in history keeps a row. */
export const SIGN_IN_KEEP_MS = 90 * 24 * 3_600_000;

export interface SignInDeps {
  db: Db;
  securityEvents: SecurityEvents;
  now: () => number;
}

/**
 * Writes one sign-in attempt of an existing account to its history (failures too: a wrong password,
 * a wrong second-step code, a locked account), and purges every row 90 days old or older. A successful
 * sign-in from a device the account has not signed in from before (browser, system and model,
 * versions aside) records a `new_device_sign_in` event: a notice and a mail. The first sign-in of an
 * account from a readable browser has nothing to compare with and is not "new". Returns whether the device was new.
 */
export function recordSignIn(
  deps: SignInDeps,
  attempt: { userId: number; reason: SignInReason } & ClientOrigin,
): { newDevice: boolean } {
  const signIns = new SignInRepository(deps.db);
  const at = deps.now();
  const device = describeUserAgent(attempt.userAgent);
  const ip = attempt.ip.slice(0, 64);
  const newDevice = deps.db.transaction(() => {
    signIns.purgeUpTo(at - SIGN_IN_KEEP_MS);
    // An agent nothing can be read from (a script) is no device to tell about, nor one to compare with.
    const isNew =
      attempt.reason === 'ok' &&
      device.key !== '' &&
      signIns.hasHistory(attempt.userId) &&
      !signIns.knowsDevice(attempt.userId, device.key);
    signIns.add({
      userId: attempt.userId,
      at,
      reason: attempt.reason,
      ip,
      device: device.device,
      browser: device.browser,
      os: device.os,
      deviceKey: device.key,
    });
    return isNew;
  })();
  if (newDevice)
    deps.securityEvents.record({
      userId: attempt.userId,
      kind: 'new_device_sign_in',
      detail: { device: device.device, browser: device.browser, os: device.os, ip },
    });
  return { newDevice };
}
