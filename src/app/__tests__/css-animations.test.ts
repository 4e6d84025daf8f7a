import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every animation of the app moves what the browser's compositor can animate by itself (a transform
 * or opacity). Any other property (a background position, an inset, a width) is laid out or painted
 * again on the main thread every frame for as long as it runs: a loading screen's skeletons did
 * that, at the very moment that thread is busiest (docs/performance.md#budgets).
 */

const SRC = resolve(import.meta.dirname, '../..');
const COMPOSITED = new Set(['transform', 'translate', 'scale', 'rotate', 'opacity']);

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => join(dir, file));
}

/** Each `@keyframes` block of `css` by name, with the properties its frames set. */
function keyframeProperties(css: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const start = /@keyframes\s+([\w-]+)\s*\{/g;
  for (let match = start.exec(css); match; match = start.exec(css)) {
    let depth = 1;
    let end = start.lastIndex;
    while (depth > 0 && end < css.length) {
      if (css[end] === '{') depth += 1;
      else if (css[end] === '}') depth -= 1;
      end += 1;
    }
    const body = css.slice(start.lastIndex, end - 1).replace(/\/\*[\s\S]*?\*\//g, '');
    const properties = new Set([...body.matchAll(/([a-z-]+)\s*:/g)].map((declaration) => declaration[1] as string));
    found.set(match[1] as string, properties);
  }
  return found;
}

describe('css animations', () => {
  it('reads the properties of each keyframes block', () => {
    const css =
      '@keyframes a { from { opacity: 0; } 50% { transform: scale(2); } } .x { color: red; } @keyframes b { to { inset-inline-start: 10%; } }';
    expect(keyframeProperties(css)).toEqual(
      new Map([
        ['a', new Set(['opacity', 'transform'])],
        ['b', new Set(['inset-inline-start'])],
      ]),
    );
  });

  it('animate only what the compositor animates: transforms and opacity', () => {
    const offenders: string[] = [];
    let blocks = 0;
    for (const file of cssFiles(SRC)) {
      for (const [name, properties] of keyframeProperties(readFileSync(file, 'utf8'))) {
        blocks += 1;
        for (const property of properties)
          if (!COMPOSITED.has(property)) offenders.push(`${relative(SRC, file)} @keyframes ${name}: ${property}`);
      }
    }
    expect(blocks).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
  });
});
