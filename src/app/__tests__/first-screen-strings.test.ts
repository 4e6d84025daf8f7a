import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { FIRST_SCREEN_STRING_GROUPS } from '../first-screen-groups.ts';

/** Every source module of the app, by its path from the repository root. */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(
      [
        '../../**/*.{ts,tsx}',
        '../../../workers/**/*.ts',
        '!../../**/__tests__/**',
        '!../../../workers/**/__tests__/**',
      ],
      {
        eager: true,
        query: '?raw',
        import: 'default',
      },
    ),
  ).map(([path, text]) => [new URL(path, 'file:///repo/src/app/__tests__/').pathname.slice('/repo/'.length), text]),
);

/** The modules a file imports statically (`import … from`, `export … from`, bare `import '…'`; not `import type`, not `import()`). */
function staticImports(file: string): string[] {
  const text = sources[file] ?? '';
  const specifiers = [
    ...text.matchAll(/^\s*(?:import(?!\s+type\b)(?:[^'"]*?\sfrom\s*)?|export\s[^'"]*?\sfrom\s*)['"]([^'"]+)['"]/gm),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => new URL(s, `file:///repo/${file}`).pathname.slice('/repo/'.length));
}

/**
 * The modules a file loads lazily without waiting for every string (`import('…')` not inside
 * `withAllStrings(` or `lazyPage(`): they may show while only the first screen's English is there.
 */
function lazyWithoutStrings(file: string): string[] {
  const text = sources[file] ?? '';
  return (
    [...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)]
      .filter((m) => !/(?:withAllStrings|lazyPage)\(\s*\(\)\s*=>\s*$/.test(text.slice(0, m.index)))
      .map((m) => new URL(m[1]!, `file:///repo/${file}`).pathname.slice('/repo/'.length))
      // Locale chunks, and the market engine (workers/: no strings; `market.…` there are feed topics).
      .filter((path) => path.startsWith('src/') && !path.endsWith('.json'))
  );
}

/** main.tsx and everything it reaches through static imports (the first download), with `lazy` also what they load lazily without the strings. */
function firstScreenModules(lazy: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = ['src/main.tsx'];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !(file in sources)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
    if (lazy) queue.push(...lazyWithoutStrings(file));
  }
  return seen;
}

describe('the first download’s English strings', () => {
  // Nothing re-renders when the rest of English arrives (i18n.ts): what shows before it must need none of it.
  it('hold every string the first screen’s modules use, and the parts they load without waiting for all strings', () => {
    const download = firstScreenModules(false);
    const modules = firstScreenModules(true);
    expect(download.has('src/features/home/components/HomeScreen.tsx')).toBe(true);
    expect(download.has('src/features/home/components/BulletinPopup.tsx')).toBe(false);
    for (const part of [
      'home/components/BulletinPopup.tsx',
      'home/components/LanguageSheet.tsx',
      'notices/components/NoticeBannerCard.tsx',
    ]) {
      expect(modules.has(`src/features/${part}`)).toBe(true);
    }
    // Pages and the parts that wait for every string (withAllStrings) are not held to it.
    expect(modules.has('src/features/wallet/components/AssetsPage.tsx')).toBe(false);
    expect(modules.has('src/features/account/components/ModifyPasswordPage.tsx')).toBe(false);
    expect(modules.has('src/features/account/components/MemberPanel.tsx')).toBe(false);
    const groups = Object.keys(en)
      .filter((k) => k !== '_meta')
      .join('|');
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
