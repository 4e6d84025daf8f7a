// local/no-cross-feature: features do not import each other, not even types. Name patterns cannot
// see this: from features/home/api/ the path '../../account/x' never says "features", so every
// relative import (and Vite's root-absolute '/src/…') is resolved against the importing file and
// must stay inside its own feature. Proved by eslint-rules/__tests__/no-cross-feature.test.ts.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The rule, for a repository rooted at `root`.
 * @param {string} root
 * @returns {import('eslint').Rule.RuleModule}
 */
export function noCrossFeature(root) {
  const featuresDir = resolve(root, 'src/features');

  /** The feature folder an absolute path lies in (`src/features/<name>/…`), or null. */
  const featureOf = (/** @type {string} */ path) => {
    const rel = relative(featuresDir, path);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
    return rel.split(sep)[0] ?? null;
  };

  return {
    meta: {
      type: 'problem',
      schema: [],
      messages: {
        cross:
          'Features do not import each other: {{from}} imports {{to}} (docs/architecture.md). Move what both need to lib/ or components/ui/.',
      },
    },
    create(context) {
      const own = featureOf(context.filename);
      if (own === null) return {};
      /** @param {any} node */
      const check = (node) => {
        const source = node.source;
        if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
        const spec = source.value;
        if (!spec.startsWith('.') && !spec.startsWith('/')) return;
        const target = featureOf(
          spec.startsWith('/') ? resolve(root, `.${spec}`) : resolve(dirname(context.filename), spec),
        );
        if (target !== null && target !== own)
          context.report({ node: source, messageId: 'cross', data: { from: own, to: target } });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
