import type * as SimpleWebAuthnBrowser from '@simplewebauthn/browser';
import i18next from 'i18next';
import type { ApiResult } from './api-client.ts';
import { showToast } from './toast.ts';

/** The browser side of passkeys (@simplewebauthn/browser), loaded on the first passkey tap only. */
export type PasskeyBrowser = typeof SimpleWebAuthnBrowser;

/**
 * The i18n key of what went wrong when the browser or the device refused a passkey ceremony.
 * The browser names the reason only coarsely (NotAllowedError covers "cancelled", "timed out" and
 * "no passkey chosen"), so the messages say what the user can do next.
 */
export function ceremonyProblemKey(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return 'security.passkeys.alreadyOnDevice';
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return 'security.passkeys.cancelled';
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
    return 'security.passkeys.wrongAddress';
  if (
    code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT' ||
    code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT' ||
    name === 'NotSupportedError'
  )
    return 'security.passkeys.deviceUnsupported';
  return 'security.passkeys.failed';
}

/**
 * Runs the browser's part of a passkey ceremony: loads @simplewebauthn/browser, refuses at once in
 * a browser without passkeys, and turns a refusal or a cancel into a toast in the user's language.
 * Resolves to what `ceremony` returned, or a failed result (nothing was sent) when the browser
 * refused; the screens handle both like any other answer.
 */
export async function passkeyCeremony<T>(
  ceremony: (browser: PasskeyBrowser) => Promise<ApiResult<T>>,
): Promise<ApiResult<T>> {
  const refuse = (key: string): ApiResult<T> => {
    const msg = i18next.t(key);
    showToast(msg, 'error');
    return { ok: false, code: 0, msg };
  };
  let browser: PasskeyBrowser;
  try {
    browser = await import('@simplewebauthn/browser');
  } catch {
    return refuse('common.failedToLoad');
  }
  if (!browser.browserSupportsWebAuthn()) return refuse('security.passkeys.unsupported');
  try {
    return await ceremony(browser);
  } catch (error) {
    if (error instanceof PasskeyRefused) return refuse(ceremonyProblemKey(error.cause));
    throw error;
  }
}

/** A refusal of the browser or the device inside a ceremony (as opposed to a failed request). */
export class PasskeyRefused extends Error {
  constructor(cause: unknown) {
    super('the browser refused the passkey ceremony', { cause });
    this.name = 'PasskeyRefused';
  }
}

/** Awaits a browser step of a ceremony (startRegistration, startAuthentication), marking its failure as a refusal. */
export async function browserStep<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    throw new PasskeyRefused(error);
  }
}
