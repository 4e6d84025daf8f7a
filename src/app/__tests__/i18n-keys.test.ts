import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';

type Tree = { [key: string]: string | boolean | Tree };

const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/__tests__/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function has(tree: Tree, path: string): boolean {
  let node: unknown = tree;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Tree)[part];
  }
  return typeof node === 'string';
}

describe('i18n keys used in the source', () => {
  it('are static and all present in en', () => {
    const namespaces = Object.keys(en)
      .filter((k) => k !== '_meta')
      .join('|');
    const literal = new RegExp(`['"\`]((?:${namespaces})\\.[A-Za-z0-9.]+)['"\`]`, 'g');
    const used = new Set<string>();
    for (const text of Object.values(sources)) for (const match of text.matchAll(literal)) used.add(match[1]!);
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !has(en as Tree, key))).toEqual([]);
  });

  it('never builds a key from a template', () => {
    const dynamic = Object.entries(sources)
      .filter(([, text]) => /\bt\(\s*`/.test(text))
      .map(([path]) => path);
    expect(dynamic).toEqual([]);
  });
});
