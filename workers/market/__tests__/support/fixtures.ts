/** Where test frames live: ours (always present) and the team's recorded HTX frames (outside the repo). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Frames of our own making, committed with the tests. */
export const OWN_FIXTURES = resolve(here, '../fixtures');

/** The recorded HTX frames shared by the team (../shared/fixtures/huobi beside the repository). */
export const SHARED_FIXTURES = resolve(here, '../../../../../shared/fixtures/huobi');

export function ownFixture(name: string): string {
  return readFileSync(join(OWN_FIXTURES, name), 'utf8');
}

/**
 * The shared fixture folder, or null after printing why the test is skipped (a fresh clone does not
 * have it). Call as `const dir = sharedFixtures(ctx); if (!dir) return;`.
 */
export function sharedFixtures(ctx: { skip: (note?: string) => void }): string | null {
  if (existsSync(SHARED_FIXTURES)) return SHARED_FIXTURES;
  const reason =
    'the recorded HTX frames (../shared/fixtures/huobi) are not beside this checkout; our own frames in workers/market/__tests__/fixtures cover the same cases';
  console.log(`[skipped] ${reason}`);
  ctx.skip(reason);
  return null;
}
