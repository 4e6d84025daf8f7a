// Lint rules, and the one-way imports of docs/architecture.md#who-imports-whom:
//   components/ui and lib → features → app; features never import each other;
//   src imports only types from workers/ (except lib/engine-worker.ts, which creates the engine);
//   workers/ never imports src/ or React; only the worker bridge (both ends) and engine-worker.ts use Comlink;
//   common/ (what app, worker and server share) imports none of them and uses no DOM or Node API,
//   and everyone may import it.
// Proved by eslint-rules/__tests__/ (import-boundaries.test.ts runs this config on snippets).
import { builtinModules } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { noCrossFeature } from './eslint-rules/no-cross-feature.js';
import { noImportCycle } from './eslint-rules/no-import-cycle.js';

const root = dirname(fileURLToPath(import.meta.url));
// Features never import each other (eslint-rules/no-cross-feature.js), and no module imports, through
// any chain, a module that imports it back (eslint-rules/no-import-cycle.js).
const local = { rules: { 'no-cross-feature': noCrossFeature(root), 'no-import-cycle': noImportCycle(root) } };

const restrict = (patterns, { allowTypeImports = false } = {}) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: patterns.map((p) => ({ ...p, allowTypeImports })) },
  ],
});

const noApp = {
  group: ['**/app/*', '**/app'],
  message: 'Only app/ may import app/ (docs/architecture.md#who-imports-whom).',
};
const noFeatures = {
  group: ['**/features/**'],
  message: 'lib and components/ui must not import features (docs/architecture.md#who-imports-whom).',
};
// The market engine is created only in lib/engine-worker.ts. What app, worker and server share (types,
// stream reducers, the input rules) lives in common/, whose values anyone may import.
const workerValues = {
  regex: '(^|/)workers/',
  message:
    'src imports only types from workers/; the Worker is created in lib/engine-worker.ts (docs/architecture.md).',
};

// common/ runs in the page, the worker and the server alike: no DOM, no Node.
const nodeModules = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const commonMessage =
  'common/ is shared by app, worker and server: it imports nothing from src/, workers/ or server/, and uses no DOM or Node API (docs/architecture.md).';
const browserAndNodeGlobals = [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'self',
  'postMessage',
  'process',
  'Buffer',
  'require',
  'module',
  '__dirname',
  '__filename',
  'global',
  'setImmediate',
].map((name) => ({ name, message: commonMessage }));

const comlinkMessage = 'Only workers/market/bridge/ and src/lib/engine-worker.ts use Comlink (docs/architecture.md).';
const comlinkPath = { name: 'comlink', message: comlinkMessage };
const comlinkPattern = { group: ['comlink/*'], message: comlinkMessage };
const reactLazyPath = {
  name: 'react',
  importNames: ['lazy'],
  message:
    'Use retryableLazy (src/lib/retryable-lazy.ts) in a LazyBoundary: a React.lazy that failed to load once stays broken.',
};

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'bench/results/**', 'data/**', '.data-test/**', 'public/**', '.tsbuild/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    plugins: { local },
    rules: {
      'local/no-import-cycle': 'error',
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
    rules: { ...restrict([noApp, workerValues], { allowTypeImports: true }), 'local/no-cross-feature': 'error' },
  },
  {
    files: ['workers/**/*.ts'],
    rules: restrict([
      {
        group: ['**/src/**', 'react', 'react-dom', 'react/*'],
        message: 'workers/ never imports src/ or React (docs/architecture.md#who-imports-whom).',
      },
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([
      {
        group: ['**/src/**', '**/workers/**', 'react'],
        message: 'server/ shares code with the app only through common/ (docs/architecture.md).',
      },
    ]),
  },
  // Comlink is the worker boundary: only the bridge the worker's entry and the page share, and the one
  // file that creates the Worker, speak it. Lazy parts use retryableLazy in a LazyBoundary: a
  // React.lazy whose chunk failed to load once stays broken until a reload.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'workers/market/bridge/**',
      'src/lib/engine-worker.ts',
      'src/lib/retryable-lazy.ts',
      '**/__tests__/**',
      'tests/**',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [comlinkPath, reactLazyPath], patterns: [comlinkPattern] }] },
  },
  {
    files: ['src/lib/retryable-lazy.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [comlinkPath], patterns: [comlinkPattern] }] },
  },
  // After the Comlink block: its no-restricted-imports is repeated here with the Node modules added.
  {
    files: ['common/**/*.ts'],
    ignores: ['common/**/__tests__/**'],
    rules: {
      ...restrict([
        {
          group: ['**/src/**', '**/workers/**', '**/server/**', 'react', 'react-dom', 'react/*'],
          message: commonMessage,
        },
      ]),
      'no-restricted-imports': [
        'error',
        {
          paths: [comlinkPath, reactLazyPath, ...nodeModules.map((name) => ({ name, message: commonMessage }))],
          patterns: [comlinkPattern, { group: ['node:*'], message: commonMessage }],
        },
      ],
      'no-restricted-globals': ['error', ...browserAndNodeGlobals],
    },
  },
);
