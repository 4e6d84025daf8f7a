// Lint rules, and the one-way imports of DESIGN.md §3:
//   components/ui and lib → features → app; features never import each other;
//   src imports only types from workers/ (except lib/engine-worker.ts, which creates the engine);
//   workers/ never imports src/ or React; only the worker bridge (both ends) and engine-worker.ts use Comlink.
// Proved by src/app/__tests__/import-rules.test.ts.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const root = dirname(fileURLToPath(import.meta.url));
const featuresDir = resolve(root, 'src/features');

/** The feature folder an absolute path lies in (`src/features/<name>/…`), or null. */
function featureOf(path) {
  const rel = relative(featuresDir, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return rel.split(sep)[0];
}

/**
 * Features do not import each other, not even types. Name patterns cannot see this: from
 * features/home/api/ the path '../../account/x' never says "features", so every relative import
 * (and Vite's root-absolute '/src/…') is resolved against the importing file and must stay inside
 * its own feature.
 */
const noCrossFeature = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { cross: 'Features do not import each other: {{from}} imports {{to}} (DESIGN.md §3). Move what both need to lib/ or components/ui/.' },
  },
  create(context) {
    const own = featureOf(context.filename);
    if (own === null) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.') && !spec.startsWith('/')) return;
      const target = featureOf(spec.startsWith('/') ? resolve(root, `.${spec}`) : resolve(dirname(context.filename), spec));
      if (target !== null && target !== own) context.report({ node: source, messageId: 'cross', data: { from: own, to: target } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const restrict = (patterns, { allowTypeImports = false } = {}) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: patterns.map((p) => ({ ...p, allowTypeImports })) }],
});

const noApp = { group: ['**/app/*', '**/app'], message: 'Only app/ may import app/ (DESIGN.md §3).' };
const noFeatures = { group: ['**/features/**'], message: 'lib and components/ui must not import features (DESIGN.md §3).' };
// workers/shared/ holds what app, worker and server share (types, stream reducers, the input rules of
// spec §5), so its values may be imported; the market engine itself only through engine-worker.ts.
const workerValues = {
  regex: '(^|/)workers/(?!shared/)',
  message: 'src imports only types from workers/ (and workers/shared/); the Worker is created in lib/engine-worker.ts (docs/architecture.md).',
};

const comlinkMessage = 'Only workers/market/bridge/ and src/lib/engine-worker.ts use Comlink (docs/architecture.md).';
const comlinkPath = { name: 'comlink', message: comlinkMessage };
const comlinkPattern = { group: ['comlink/*'], message: comlinkMessage };
const reactLazyPath = {
  name: 'react',
  importNames: ['lazy'],
  message: 'Use retryableLazy (src/lib/retryable-lazy.ts) in a LazyBoundary: a React.lazy that failed to load once stays broken.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/results/**', 'data/**', '.data-test/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Every src file (app/, main.tsx, test-setup.ts, …); the blocks below narrow lib, ui and features further.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/engine-worker.ts'],
    rules: restrict([workerValues], { allowTypeImports: true }),
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/ui/**/*.{ts,tsx}'],
    ignores: ['src/lib/engine-worker.ts'],
    rules: restrict([noApp, noFeatures, workerValues], { allowTypeImports: true }),
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'no-cross-feature': noCrossFeature } } },
    rules: { ...restrict([noApp, workerValues], { allowTypeImports: true }), 'local/no-cross-feature': 'error' },
  },
  {
    files: ['workers/**/*.ts'],
    rules: restrict([
      { group: ['**/src/**', 'react', 'react-dom', 'react/*'], message: 'workers/ never imports src/ or React (DESIGN.md §3).' },
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([
      { group: ['**/src/app/**', '**/src/lib/**', '**/src/features/**', '**/workers/market/**', 'react'], message: 'server/ may import only workers/shared/.' },
    ]),
  },
  // Comlink is the worker boundary: only the bridge the worker's entry and the page share, and the one
  // file that creates the Worker, speak it. Lazy parts use retryableLazy in a LazyBoundary: a
  // React.lazy whose chunk failed to load once stays broken until a reload.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['workers/market/bridge/**', 'src/lib/engine-worker.ts', 'src/lib/retryable-lazy.ts', '**/__tests__/**', 'tests/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [comlinkPath, reactLazyPath], patterns: [comlinkPattern] }] },
  },
  {
    files: ['src/lib/retryable-lazy.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [comlinkPath], patterns: [comlinkPattern] }] },
  },
);
