import type { BrowserContext, Page } from 'playwright-core';
import { UI_TIMEOUT_MS } from './app-helpers.ts';

/**
 * The app as the user opens it by name: browsers refuse passkeys on an IP address, and the server
 * derives the relying party from the host it is called by (docs/account-protection.md#passkeys).
 */
export const byName = (baseUrl: string): string => baseUrl.replace('127.0.0.1', 'localhost');

/**
 * A platform authenticator in the browser itself (Chrome DevTools' virtual authenticator): it keeps
 * discoverable passkeys and verifies the user at once, as a phone's fingerprint would.
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** Waits until the second step's "Use passkey" button is enabled: its approval has started on the server. */
export async function passkeyButtonReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !(document.querySelector('[data-testid="second-step-passkey"]') as HTMLButtonElement | null)?.disabled,
    null,
    { timeout: UI_TIMEOUT_MS },
  );
}
