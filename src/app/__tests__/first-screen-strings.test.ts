import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { FIRST_SCREEN_STRING_GROUPS } from '../first-screen-groups.ts';

/** Every source module of the app, by its path from the repository root. */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../../**/*.{ts,tsx}', '../../../workers/**/*.ts', '!../../**/__tests__/**', '!../../../workers/**/__tests__/**'], {
      eager: true,
      query: '?raw',
      import: 'default',
    }),
  ).map(([path, text]) => [new URL(path, 'file:///repo/src/app/__tests__/').pathname.slice('/repo/'.length), text]),
);

/** The modules a file imports statically (`import … from`, `export … from`, bare `import '…'`; not `import type`, not `import()`). */
function staticImports(file: string): string[] {
  const text = sources[file] ?? '';
  const specifiers = [...text.matchAll(/^\s*(?:import(?!\s+type\b)(?:[^'"]*?\sfrom\s*)?|export\s[^'"]*?\sfrom\s*)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => new URL(s, `file:///repo/${file}`).pathname.slice('/repo/'.length));
}

/** main.tsx and everything it reaches through static imports: the first download. */
function firstDownload(): Set<string> {
  const seen = new Set<string>();
  const queue = ['src/main.tsx'];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !(file in sources)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

describe('the first download’s English strings', () => {
  it('hold every string the first screen’s modules use', () => {
    const modules = firstDownload();
    expect(modules.has('src/features/home/components/HomeScreen.tsx')).toBe(true);
    expect(modules.has('src/features/wallet/components/AssetsPage.tsx')).toBe(false);
    const groups = Object.keys(en).filter((k) => k !== '_meta').join('|');
    const literal = new RegExp(`['"\`]((?:${groups})\\.[A-Za-z0-9.]+)['"\`]`, 'g');
    const outside = [...modules].flatMap((file) =>
      [...(sources[file] ?? '').matchAll(literal)]
        .map((m) => m[1]!)
        .filter((key) => !(FIRST_SCREEN_STRING_GROUPS as readonly string[]).includes(key.split('.')[0]!))
        .map((key) => `${file}: ${key}`),
    );
    expect(outside).toEqual([]);
  });

  it('are groups of en.json, and leave the other screens’ groups to the lazy chunk', () => {
    for (const group of FIRST_SCREEN_STRING_GROUPS) expect(en).toHaveProperty([group]);
    expect(FIRST_SCREEN_STRING_GROUPS).not.toContain('wallet');
    expect(FIRST_SCREEN_STRING_GROUPS.length).toBeLessThan(Object.keys(en).length / 2);
  });
});
