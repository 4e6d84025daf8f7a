import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNT, DEMO_INVITE_CODE } from '../../../server/src/db/seed.ts';
import {
  advanceServerClock,
  signInAs,
  openMemberPanel,
  registerByPhoneApi,
  toast,
  visible,
  UI_TIMEOUT_MS,
} from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { generatePhoto, latestUploads, slotStatus, uploadSlot } from '../support/upload-helpers.ts';

/** The demo approves pending reviews by itself this long after they were submitted. */
const REVIEW_AUTO_SECONDS = 2;
const PASSWORD = 'secret12';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ REVIEW_AUTO_SECONDS: String(REVIEW_AUTO_SECONDS) });
});

afterAll(async () => {
  await stack?.stop();
});

/** Runs in every document before its own scripts: keeps each Content-Security-Policy refusal the page reports. */
function recordViolations(): void {
  const seen: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) =>
    seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`),
  );
}

/** The refusals of the page's current document (one task turn later, so a queued event arrives). */
const violations = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [];
  });

let phones = 0;

/** A new account, signed in through the login screen; returns its page and user id. */
async function freshUser() {
  phones += 1;
  const phone = `139${String(Date.now()).slice(-6)}${phones}`;
  await registerByPhoneApi(stack.baseUrl, phone, PASSWORD);
  const { page, context } = await stack.newPage();
  await context.addInitScript(recordViolations);
  await signInAs(page, stack.baseUrl, phone, PASSWORD);
  const userId = stack.db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(phone) as number;
  return { page, context, userId };
}

const row = (sql: string, ...params: unknown[]) =>
  stack.db.prepare(sql).get(...params) as Record<string, unknown> | undefined;

describe('identity verification', () => {
  it("two uploaded photos go to review, and the demo's automatic review certifies the user", async () => {
    const { page, context, userId } = await freshUser();
    const front = await generatePhoto(context, { width: 800, height: 500 });
    const back = await generatePhoto(context, { width: 800, height: 500, split: true });
    await page.goto(`${stack.baseUrl}/real_authentication`);
    const form = await visible(page.getByTestId('identity-form'));

    // Spec order: the name first, then the upload tip of the missing side.
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await visible(form.getByRole('alert').filter({ hasText: 'Please enter your real name' }));
    await page.getByLabel('Real name').fill('Li Wei');
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await toast(page, 'Please upload the front of your ID');

    await page.getByLabel('Front of ID').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: front });
    await slotStatus(uploadSlot(page, 'Front of ID'), 'done');
    await page.getByLabel('Back of ID').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: back });
    await slotStatus(uploadSlot(page, 'Back of ID'), 'done');
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await toast(page, 'Submitted, please wait for the review');
    const status = await visible(page.getByTestId('identity-status').filter({ hasText: 'Under review' }));
    expect(await page.getByTestId('identity-form').count()).toBe(0);

    const [second, first] = latestUploads(stack.db, 2);
    expect(row('SELECT front_card, back_card FROM identity_verifications WHERE user_id = ?', userId)).toEqual({
      front_card: `/uploads/${first!.name}`,
      back_card: `/uploads/${second!.name}`,
    });

    // The demo approves it REVIEW_AUTO_SECONDS later on the server's clock; "check again" then shows it.
    await advanceServerClock(stack.baseUrl, REVIEW_AUTO_SECONDS * 1000);
    await vi.waitFor(() => expect(row('SELECT rzstatus FROM users WHERE id = ?', userId)).toEqual({ rzstatus: 2 }), {
      timeout: UI_TIMEOUT_MS,
      interval: 200,
    });
    await status.getByRole('button', { name: 'Check again' }).click();
    await visible(page.getByTestId('identity-status').filter({ hasText: 'Verified' }));
    expect(row("SELECT decided_by FROM reviews WHERE kind = 'identity' AND user_id = ?", userId)).toEqual({
      decided_by: 'auto',
    });

    // The member panel shows the status, and the entry is no longer a link.
    await page.goto(`${stack.baseUrl}/`);
    const panel = await openMemberPanel(page);
    const entry = await visible(panel.getByTestId('panel-identity').filter({ hasText: 'Verified' }));
    expect(await entry.evaluate((node) => node.tagName)).toBe('DIV');
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

describe('withdrawal address', () => {
  it('binds a USDT address after the typo its checksum catches', async () => {
    const { page, context, userId } = await freshUser();
    await page.goto(`${stack.baseUrl}/bindMentionAddress`);
    const form = await visible(page.getByTestId('address-form'));
    await form.getByTestId('address-coin').click();
    await page.getByRole('option', { name: /USDT/ }).click();
    await visible(form.getByText('A USDT address on TRC20 starts with T and has 34 letters and digits'));

    await page.getByLabel('Withdrawal address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T');
    await form.getByRole('button', { name: 'Bind address' }).click();
    await visible(form.getByRole('alert').filter({ hasText: 'This address has a typo' }));
    expect(row('SELECT COUNT(*) AS n FROM withdraw_addresses WHERE user_id = ?', userId)).toEqual({ n: 0 });

    await page.getByLabel('Withdrawal address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    await form.getByRole('button', { name: 'Bind address' }).click();
    await toast(page, 'Withdrawal address saved');
    await visible(page.getByTestId('bound-address').filter({ hasText: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }));
    expect(row('SELECT network, address FROM withdraw_addresses WHERE user_id = ?', userId)).toEqual({
      network: 'TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

describe('bank cards', () => {
  it('adds a card and edits it, its number shown only by its last 4 digits', async () => {
    const { page, context, userId } = await freshUser();
    await page.goto(`${stack.baseUrl}/bank`);
    await visible(page.getByText('No bank card yet'));
    await page.getByTestId('bank-add').click();
    const form = await visible(page.getByTestId('bank-form'));
    await page.getByLabel('Bank name').fill('Northwind Bank');
    await page.getByLabel('Cardholder name').fill('Li Wei');
    await page.getByLabel('Card number').fill('6222 0212 3456 7890');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Bank card added');
    await visible(page.getByTestId('card-number').filter({ hasText: '**** 7890' }));
    expect(await page.locator('body').innerText()).not.toContain('3456');

    await page.getByRole('button', { name: 'Edit Northwind Bank' }).click();
    await visible(page.getByTestId('bank-form').getByText('it ends in 7890'));
    await page.getByLabel('Bank name').fill('Blue Harbor Bank');
    await page.getByLabel('Card number').fill('6222021234561111');
    await page.getByTestId('bank-form').getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Bank card updated');
    await visible(page.getByTestId('bank-card').filter({ hasText: 'Blue Harbor Bank' }));
    expect(await page.getByTestId('card-number').allInnerTexts()).toEqual(['**** 1111']);
    expect(stack.db.prepare('SELECT bank_name, card_number FROM bank_cards WHERE user_id = ?').all(userId)).toEqual([
      { bank_name: 'Blue Harbor Bank', card_number: '6222021234561111' },
    ]);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

describe('invite', () => {
  /** The QR's rendered box, in CSS pixels. */
  const boxOf = async (page: Page) => page.getByTestId('invite-qr').boundingBox();

  it('shows the QR, code and link; the copied link opened in a fresh browser lands on register with the code filled in', async () => {
    const { page, context } = await stack.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    await context.addInitScript(recordViolations);
    await signInAs(page, stack.baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    const panel = await openMemberPanel(page);
    await panel.getByTestId('panel-invite').click();
    await page.waitForURL(`${stack.baseUrl}/invite?code=${DEMO_INVITE_CODE}`, { timeout: UI_TIMEOUT_MS });
    expect(await (await visible(page.getByTestId('invite-code'))).innerText()).toBe(DEMO_INVITE_CODE);
    const link = await page.getByTestId('invite-link').innerText();
    expect(link).toBe(`${stack.baseUrl}/register?invite=${DEMO_INVITE_CODE}`);
    const box = await boxOf(page);
    expect({ width: Math.round(box!.width), height: Math.round(box!.height) }).toEqual({ width: 172, height: 172 });

    await page.getByRole('button', { name: 'Copy Invite link' }).click();
    await toast(page, 'Copied successfully');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The QR is drawn inline and the about-us images come from data: URLs: nothing the policy refuses.
    await page.goto(`${stack.baseUrl}/introduction`);
    await (await visible(page.getByTestId('about-entry'))).click();
    await visible(page.getByTestId('about-dialog').locator('img'));
    expect(await violations(page)).toEqual([]);

    const stranger = await stack.newPage();
    await stranger.page.goto(link);
    const invite = await visible(stranger.page.getByLabel('Invitation code (optional)'));
    expect(await invite.inputValue()).toBe(DEMO_INVITE_CODE);
    expect(new URL(stranger.page.url()).pathname).toBe('/register');
    await stranger.context.close();
    await context.close();
  });
});
