import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../lib/language.ts';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../../../locales/*.json', { eager: true, import: 'default' });
const byCode = new Map(Object.entries(files).map(([path, tree]) => [path.slice(path.lastIndexOf('/') + 1, -5), tree]));

/** Every leaf key path, e.g. `account.login.submit`; `_meta.untranslated` is one like any other. */
function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' || typeof value !== 'object' || value === null
      ? [`${prefix}${key}`]
      : keyPaths(value, `${prefix}${key}.`),
  );
}

const en = byCode.get('en')!;
const enKeys = new Set(keyPaths(en));

describe('locale files', () => {
  it('exist for exactly the 26 file names of docs/product-rules.md#languages-and-themes', () => {
    expect([...byCode.keys()].sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  it.each([...byCode.keys()])('%s has exactly the keys of en', (code) => {
    const keys = new Set(keyPaths(byCode.get(code)!));
    const missing = [...enKeys].filter((k) => !keys.has(k));
    const extra = [...keys].filter((k) => !enKeys.has(k));
    expect({ code, missing, extra }).toEqual({ code, missing: [], extra: [] });
  });

  it.each([...byCode.keys()])('%s has only non-empty strings as leaves', (code) => {
    const bad = keyPaths(byCode.get(code)!).filter((path) => {
      const value = path.split('.').reduce<unknown>((node, part) => (node as Tree)[part], byCode.get(code));
      return path !== '_meta.untranslated' && (typeof value !== 'string' || value.trim() === '');
    });
    expect(bad).toEqual([]);
  });

  it('marks a language translated only when it is one: at most 10% of its strings equal en', () => {
    const strings = keyPaths(en).filter((path) => path !== '_meta.untranslated');
    const get = (tree: Tree, path: string) =>
      path.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree);
    for (const [code, tree] of byCode) {
      if (code === 'en' || (tree._meta as unknown as { untranslated: boolean }).untranslated) continue;
      // Loanwords (Staking, Email, VIP {{level}}) may stay; a copy of en may not pass as a translation.
      const same = strings.filter((path) => get(tree, path) === get(en, path));
      expect({ code, copied: same.length / strings.length <= 0.1 }).toEqual({ code, copied: true });
    }
  });

  it('zh-cn is a complete translation: no string equals en but UID and VIP labels', () => {
    const zh = byCode.get('zh-cn')!;
    expect((zh._meta as unknown as { untranslated: boolean }).untranslated).toBe(false);
    const same = keyPaths(en).filter((path) => {
      const get = (tree: Tree) => path.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree);
      return typeof get(en) === 'string' && get(en) === get(zh) && !/^(VIP|UID)/.test(String(get(en)));
    });
    expect(same).toEqual([]);
  });

  it('keeps the interpolation variables of en in every translation', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [code, tree] of byCode) {
      for (const path of keyPaths(en)) {
        const get = (t: Tree) => path.split('.').reduce<unknown>((node, part) => (node as Tree)[part], t);
        const source = get(en);
        if (typeof source !== 'string') continue;
        expect({ code, path, vars: vars(String(get(tree))) }).toEqual({ code, path, vars: vars(source) });
      }
    }
  });
});
