/**
 * A loading placeholder's shimmer animates a transform only, which the browser runs on its
 * compositor: a screen that is loading (its main thread at its busiest) does not repaint every
 * skeleton on that thread each frame, as an animated background position made it do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TIMEOUT_MS } from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** What the page runs of a shimmer: its play state, the properties its keyframes set, and its box's overflow. */
interface Shimmer {
  playState: string;
  properties: string[];
  overflow: string | null;
}

describe('loading skeletons', () => {
  it('shimmer with a transform alone, inside their box', async () => {
    const { page, context } = await stack.newPage();
    // Home's banners never answer, so their skeleton stays.
    await page.route('**/api/index/getBanner', () => undefined);
    await page.goto(`${stack.baseUrl}/`);
    await page.waitForFunction(
      () => document.getAnimations().some((a) => a instanceof CSSAnimation && a.animationName.includes('shimmer')),
      undefined,
      {
        timeout: UI_TIMEOUT_MS,
      },
    );
    const shimmers = await page.evaluate((): Shimmer[] =>
      document
        .getAnimations()
        .filter((a): a is CSSAnimation => a instanceof CSSAnimation && a.animationName.includes('shimmer'))
        .map((a) => {
          const effect = a.effect as KeyframeEffect;
          const properties = new Set(
            effect
              .getKeyframes()
              .flatMap((frame) =>
                Object.keys(frame).filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)),
              ),
          );
          return {
            playState: a.playState,
            properties: [...properties],
            overflow: effect.target ? getComputedStyle(effect.target).overflow : null,
          };
        }),
    );
    expect(shimmers.length).toBeGreaterThan(0);
    for (const shimmer of shimmers) {
      expect(shimmer.playState).toBe('running');
      expect(shimmer.properties).toEqual(['transform']);
      // The highlight slides inside the placeholder: the box clips it, so nothing spills over the page.
      expect(shimmer.overflow).toBe('hidden');
    }
    await context.close();
  });
});
