// Lint rules, and the one-way imports of DESIGN.md §3:
//   components/ui and lib → features → app; features never import each other;
//   src imports only types from workers/ (except lib/engine-client.ts);
//   workers/ never imports src/ or React.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const features = existsSync('src/features')
  ? readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const restrict = (patterns, { allowTypeImports = false } = {}) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: patterns.map((p) => ({ ...p, allowTypeImports })) }],
});

const noApp = { group: ['**/app/*', '**/app'], message: 'Only app/ may import app/ (DESIGN.md §3).' };
const noFeatures = { group: ['**/features/**'], message: 'lib and components/ui must not import features (DESIGN.md §3).' };
const workerValues = {
  group: ['**/workers/**'],
  message: 'src imports only types from workers/; the Worker is created in lib/engine-client.ts (DESIGN.md §3).',
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
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/ui/**/*.{ts,tsx}'],
    ignores: ['src/lib/engine-client.ts'],
    rules: restrict([noApp, noFeatures, workerValues], { allowTypeImports: true }),
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict(
      [
        noApp,
        workerValues,
        {
          group: features.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}/**`, `**/features/${f}`]),
          message: 'Features do not import each other (DESIGN.md §3).',
        },
      ],
      { allowTypeImports: true },
    ),
  })),
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/main.tsx'],
    rules: restrict([workerValues], { allowTypeImports: true }),
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
);
