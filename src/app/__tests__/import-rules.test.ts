import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The one-way imports of DESIGN.md §3, proved against the repository's own eslint.config.js: each
 * snippet is linted in memory as if it lived at `filePath` (the file need not exist).
 */

const BOUNDARY_RULES = new Set(['local/no-cross-feature', '@typescript-eslint/no-restricted-imports', 'no-restricted-imports']);

let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../../..') });
  // The first lint loads the config, its plugins and the TypeScript parser: seconds on a busy machine.
  // Done here, under the hook's generous limit, so no single case pays for it.
  await eslint.lintText('export {};\n', { filePath: 'src/lib/warm-up.ts' });
}, 60_000);

/** The boundary rules that fire on `code` placed at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  if (!result) throw new Error(`nothing linted for ${filePath}`);
  return result.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.ruleId!);
}

describe('features do not import each other', () => {
  it.each([
    ['src/features/home/home-thing.ts', "import { userStore } from '../account/stores/user-store.ts';"],
    ['src/features/home/api/get-thing.ts', "import { userStore } from '../../account/stores/user-store.ts';"],
    ['src/features/home/components/deep/Thing.tsx', "import { userStore } from '../../../account/stores/user-store.ts';"],
    ['src/features/home/api/get-thing.ts', "import { userStore } from '../../../features/account/stores/user-store.ts';"],
    ['src/features/home/api/get-thing.ts', "import { userStore } from './../../account/stores/user-store.ts';"],
    ['src/features/home/api/get-thing.ts', "import type { UserInfo } from '../../account/api/get-user-info.ts';"],
    ['src/features/home/api/get-thing.ts', "export { userStore } from '../../account/stores/user-store.ts';"],
    ['src/features/home/api/get-thing.ts', "export * from '../../account/stores/user-store.ts';"],
    ['src/features/home/api/get-thing.ts', "export const load = () => import('../../account/stores/user-store.ts');"],
    ['src/features/home/api/get-thing.ts', "import { userStore } from '/src/features/account/stores/user-store.ts';"],
    ['src/features/notices/__tests__/thing.test.ts', "import { userStore } from '../../account/stores/user-store.ts';"],
  ])('%s: %s is reported', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toContain('local/no-cross-feature');
  });

  it.each([
    ['src/features/home/api/get-thing.ts', "import { langStore } from '../stores/lang-store.ts';"],
    ['src/features/home/components/deep/Thing.tsx', "import { langStore } from '../../stores/lang-store.ts';"],
    ['src/features/home/api/get-thing.ts', "import { api } from '../../../lib/api-client.ts';"],
    ['src/features/home/api/get-thing.ts', "import { Button } from '../../../components/ui/Button.tsx';"],
    // Inside home, a folder that happens to share another feature's name is still home.
    ['src/features/home/components/Thing.tsx', "import { Row } from './account/Row.tsx';"],
  ])('%s: %s is allowed', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });
});

describe('components/ui and lib → features → app', () => {
  it('reports lib and ui importing a feature or app, and a feature importing app', async () => {
    expect(await boundaryErrors('src/lib/thing.ts', "import { userStore } from '../features/account/stores/user-store.ts';")).not.toEqual([]);
    expect(await boundaryErrors('src/components/ui/Thing.tsx', "import { routes } from '../../app/routes.tsx';")).not.toEqual([]);
    expect(await boundaryErrors('src/features/home/api/get-thing.ts', "import { routes } from '../../../app/routes.tsx';")).not.toEqual([]);
  });

  it('lets app import features and lib', async () => {
    expect(await boundaryErrors('src/app/pages/Thing.tsx', "import { MemberPanel } from '../../features/account/components/MemberPanel.tsx';")).toEqual([]);
    expect(await boundaryErrors('src/app/thing.ts', "import { api } from '../lib/api-client.ts';")).toEqual([]);
  });
});

describe('src imports only types from workers/', () => {
  const value = "import { MarketEngine } from '../workers/market/market-engine.ts';";
  const typeOnly = "import type { Candle } from '../workers/shared/protocol.ts';";

  it.each(['src/test-setup.ts', 'src/main.tsx'])('reports a value import in %s and allows a type import', async (filePath) => {
    expect(await boundaryErrors(filePath, value)).toContain('@typescript-eslint/no-restricted-imports');
    expect(await boundaryErrors(filePath, typeOnly)).toEqual([]);
  });

  it('allows values from workers/shared/ (the rules and types app, worker and server share)', async () => {
    expect(await boundaryErrors('src/features/account/api/account-rules.ts', "import { isPassword } from '../../../../workers/shared/rules.ts';")).toEqual([]);
    expect(await boundaryErrors('src/lib/thing.ts', "import { reduceWire } from '../../workers/shared/stream-reducers.ts';")).toEqual([]);
    expect(await boundaryErrors('src/lib/thing.ts', "import { MarketEngine } from '../../workers/market/market-engine.ts';")).not.toEqual([]);
  });

  it('reports a value import deeper in src, and allows one in lib/engine-worker.ts', async () => {
    expect(await boundaryErrors('src/features/home/api/get-thing.ts', "import { MarketEngine } from '../../../../workers/market/market-engine.ts';")).not.toEqual([]);
    expect(await boundaryErrors('src/lib/engine-worker.ts', "import { MarketEngine } from '../../workers/market/market-engine.ts';")).toEqual([]);
    expect(await boundaryErrors('src/lib/engine-client.ts', "import { MarketEngine } from '../../workers/market/market-engine.ts';")).not.toEqual([]);
  });

  it('reports workers/ importing src/ or React', async () => {
    expect(await boundaryErrors('workers/market/thing.ts', "import { api } from '../../src/lib/api-client.ts';")).not.toEqual([]);
    expect(await boundaryErrors('workers/market/thing.ts', "import { useState } from 'react';")).not.toEqual([]);
    expect(await boundaryErrors('workers/market/thing.ts', "import type { Candle } from '../shared/protocol.ts';")).toEqual([]);
  });
});

describe('Comlink', () => {
  const code = "import { wrap } from 'comlink';";

  it.each(['src/features/home/api/get-thing.ts', 'src/lib/thing.ts', 'src/lib/engine-client.ts', 'workers/market/market-engine.ts', 'workers/market/market-api.ts', 'workers/market/market.worker.ts', 'src/app/app.tsx'])('is reported in %s', async (filePath) => {
    expect(await boundaryErrors(filePath, code)).toContain('no-restricted-imports');
  });

  it.each(['src/lib/engine-worker.ts', 'workers/market/bridge/expose.ts', 'workers/market/bridge/connect.ts', 'workers/market/__tests__/bridge.test.ts', 'src/lib/__tests__/bridge.test.ts'])(
    'is allowed in %s',
    async (filePath) => {
      expect(await boundaryErrors(filePath, code)).toEqual([]);
    },
  );
});

describe('React.lazy', () => {
  const code = "import { lazy } from 'react';";

  it.each(['src/features/home/components/Thing.tsx', 'src/app/routes.tsx', 'src/components/ui/Thing.tsx'])('is reported in %s (lazy parts use retryableLazy)', async (filePath) => {
    expect(await boundaryErrors(filePath, code)).toContain('no-restricted-imports');
  });

  it('is allowed in src/lib/retryable-lazy.ts, where Comlink stays refused', async () => {
    expect(await boundaryErrors('src/lib/retryable-lazy.ts', code)).toEqual([]);
    expect(await boundaryErrors('src/lib/retryable-lazy.ts', "import { wrap } from 'comlink';")).toContain('no-restricted-imports');
  });

  it('leaves the rest of React alone', async () => {
    expect(await boundaryErrors('src/features/home/components/Thing.tsx', "import { Suspense, useState } from 'react';")).toEqual([]);
  });
});
