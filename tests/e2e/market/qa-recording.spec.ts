/**
 * The QA loop in the real app: `?record=1` records what the engine receives, the QA bar saves it as
 * NDJSON, and `?replay=` of that very file plays it back into the same screen with no live feed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTranscript } from '../../../workers/market/record/transcript.ts';
import { DEMO_ACCOUNT } from '../../../server/src/db/seed.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { signedInPage, visible } from '../support/app-helpers.ts';
import { eventually } from '../support/trading-helpers.ts';

let stack: Stack;
// A copy of the built app, so the test can serve the saved recording beside it.
let staticDir: string;
const SAVED = 'saved-session.ndjson';

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'e2e-static-'));
  cpSync(resolve('dist'), staticDir, { recursive: true });
  // The static server lists its files at start, so the recording's name must exist before it is saved.
  writeFileSync(join(staticDir, SAVED), '');
  stack = await startStack({ STATIC_DIR: staticDir });
});

afterAll(async () => {
  await stack?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('QA recording', () => {
  it('records the live feed, saves it from the QA bar, and replays the saved file into the screen', async () => {
    const { page, context } = await signedInPage(
      stack,
      DEMO_ACCOUNT.username,
      DEMO_ACCOUNT.password,
      `/exchange?currentSymbol=btcusdt&name=BTC/USDT&record=1`,
    );
    const bar = await visible(page.getByTestId('qa-bar'));
    await visible(bar.getByText('Recording'));
    await eventually(
      () => bar.getByTestId('qa-frames').textContent(),
      (text) => Number(/\d+/.exec(text ?? '')?.[0] ?? 0) >= 30,
      'recorded frames',
    );

    const download = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Save recording' }).click();
    // The browser is the run's shared one, reached over a connection: the download is copied here.
    const file = join(staticDir, 'downloaded.ndjson');
    await (await download).saveAs(file);
    const text = readFileSync(file, 'utf8');
    const lines = parseTranscript(text);
    const pushes = lines.filter(
      (line) => line.dir === 'server->client' && line.frame.includes('"ch":"market.btcusdt.'),
    );
    expect(pushes.length).toBeGreaterThan(10);
    expect(lines.some((line) => line.dir === 'client->server' && line.frame.includes('"sub":"market.btcusdt.'))).toBe(
      true,
    );

    writeFileSync(join(staticDir, SAVED), text);
    await page.goto(`${stack.baseUrl}/exchange?currentSymbol=btcusdt&name=BTC/USDT&replay=/${SAVED}&speed=2`);
    const replayBar = await visible(page.getByTestId('qa-bar'));
    await visible(replayBar.getByText('Replay ×2'));
    await eventually(
      () => page.getByTestId('book-bids').locator('li:not([hidden])').count(),
      (n) => n > 0,
      'the replayed book',
    );
    const stats = await page.evaluate(() =>
      (
        window as unknown as { __marketEngine: { stats(): Promise<{ state: string; brokenFrames: number }> } }
      ).__marketEngine.stats(),
    );
    expect(stats).toMatchObject({ state: 'replay', brokenFrames: 0 });
    await context.close();
  });

  it('says so in the QA bar when a replay cannot start, and shows the live market instead', async () => {
    const { page, context } = await signedInPage(
      stack,
      DEMO_ACCOUNT.username,
      DEMO_ACCOUNT.password,
      `/exchange?currentSymbol=btcusdt&name=BTC/USDT&replay=/no-such-session.ndjson`,
    );
    const alert = await visible(page.getByTestId('qa-bar').getByRole('alert'));
    expect(await alert.textContent()).toContain('showing the live market');
    await eventually(
      () => page.getByTestId('book-bids').locator('li:not([hidden])').count(),
      (n) => n > 0,
      'the live book',
    );
    await context.close();
  });

  it('shows no QA bar on a normal start', async () => {
    const { page, context } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/login`);
    await visible(page.getByRole('button', { name: 'Log in', exact: true }));
    expect(await page.getByTestId('qa-bar').count()).toBe(0);
    await context.close();
  });
});
