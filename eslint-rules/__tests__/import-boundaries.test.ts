import { resolve } from 'node:path';
import { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import config from '../../eslint.config.js';

/**
 * The one-way imports of docs/architecture.md, proved against the repository's own eslint.config.js:
 * each snippet is linted in memory as if it lived at `filePath` (the file need not exist). Linter
 * runs the config as it is, without ESLint's file search, so this stays fast.
 * local/no-cross-feature has its own cases in no-cross-feature.test.ts.
 */

const BOUNDARY_RULES = new Set([
  'local/no-cross-feature',
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-imports',
  'no-restricted-globals',
]);

const root = resolve(import.meta.dirname, '../..');
const linter = new Linter({ cwd: root, configType: 'flat' });
// Import cycles have their own test (no-import-cycle.test.ts); here that rule would only walk the real
// tree behind each snippet's imports.
const boundaryConfig = [
  ...(config as Linter.Config[]),
  { rules: { 'local/no-import-cycle': 'off' } } satisfies Linter.Config,
];

beforeAll(() => {
  // The first lint sets up the TypeScript parser: seconds on a busy machine, paid here under the
  // hook's generous limit rather than by one case.
  linter.verify('export {};\n', boundaryConfig, { filename: resolve(root, 'src/lib/warm-up.ts') });
}, 60_000);

/** The boundary rules that fire on `code` placed at `filePath`. */
function boundaryErrors(filePath: string, code: string): string[] {
  const messages = linter.verify(`${code}\n`, boundaryConfig, { filename: resolve(root, filePath) });
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${filePath}: ${fatal.message}`);
  return messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.ruleId!);
}

describe('features do not import each other', () => {
  it('is checked in every feature file, tests too', () => {
    expect(
      boundaryErrors(
        'src/features/home/api/get-thing.ts',
        "import { userStore } from '../../account/stores/user-store.ts';",
      ),
    ).toContain('local/no-cross-feature');
    expect(
      boundaryErrors(
        'src/features/notices/__tests__/thing.test.ts',
        "import { userStore } from '../../account/stores/user-store.ts';",
      ),
    ).toContain('local/no-cross-feature');
    expect(
      boundaryErrors('src/features/home/api/get-thing.ts', "import { langStore } from '../stores/lang-store.ts';"),
    ).toEqual([]);
  });
});

describe('components/ui and lib → features → app', () => {
  it('reports lib and ui importing a feature or app, and a feature importing app', () => {
    expect(
      boundaryErrors('src/lib/thing.ts', "import { userStore } from '../features/account/stores/user-store.ts';"),
    ).not.toEqual([]);
    expect(boundaryErrors('src/components/ui/Thing.tsx', "import { routes } from '../../app/routes.tsx';")).not.toEqual(
      [],
    );
    expect(
      boundaryErrors('src/features/home/api/get-thing.ts', "import { routes } from '../../../app/routes.tsx';"),
    ).not.toEqual([]);
  });

  it('lets app import features and lib', () => {
    expect(
      boundaryErrors(
        'src/app/pages/Thing.tsx',
        "import { MemberPanel } from '../../features/account/components/MemberPanel.tsx';",
      ),
    ).toEqual([]);
    expect(boundaryErrors('src/app/thing.ts', "import { api } from '../lib/api-client.ts';")).toEqual([]);
  });
});

describe('src imports only types from workers/', () => {
  const value = "import { MarketEngine } from '../workers/market/market-engine.ts';";
  const typeOnly = "import type { MarketApi } from '../workers/market/market-api.ts';";

  it.each(['src/test-setup.ts', 'src/main.tsx'])(
    'reports a value import in %s and allows a type import',
    (filePath) => {
      expect(boundaryErrors(filePath, value)).toContain('@typescript-eslint/no-restricted-imports');
      expect(boundaryErrors(filePath, typeOnly)).toEqual([]);
    },
  );

  it('allows values from common/ (the rules and types app, worker and server share)', () => {
    expect(
      boundaryErrors(
        'src/features/account/api/account-rules.ts',
        "import { isPassword } from '../../../../common/rules.ts';",
      ),
    ).toEqual([]);
    expect(boundaryErrors('src/lib/thing.ts', "import { reduceWire } from '../../common/stream-reducers.ts';")).toEqual(
      [],
    );
    expect(
      boundaryErrors('src/lib/thing.ts', "import { MarketEngine } from '../../workers/market/market-engine.ts';"),
    ).not.toEqual([]);
  });

  it('reports a value import deeper in src or in the engine entry, and allows one in lib/engine-worker.ts', () => {
    expect(
      boundaryErrors(
        'src/features/home/api/get-thing.ts',
        "import { MarketEngine } from '../../../../workers/market/market-engine.ts';",
      ),
    ).not.toEqual([]);
    expect(
      boundaryErrors(
        'src/lib/engine-client.ts',
        "import { MarketEngine } from '../../workers/market/market-engine.ts';",
      ),
    ).not.toEqual([]);
    expect(
      boundaryErrors(
        'src/lib/engine-worker.ts',
        "import { MarketEngine } from '../../workers/market/market-engine.ts';",
      ),
    ).toEqual([]);
  });

  it('reports workers/ importing src/ or React, and lets it import common/', () => {
    expect(boundaryErrors('workers/market/thing.ts', "import { api } from '../../src/lib/api-client.ts';")).not.toEqual(
      [],
    );
    expect(boundaryErrors('workers/market/thing.ts', "import { useState } from 'react';")).not.toEqual([]);
    expect(
      boundaryErrors('workers/market/thing.ts', "import type { Candle } from '../../common/protocol.ts';"),
    ).toEqual([]);
    expect(
      boundaryErrors('workers/market/thing.ts', "import { reduceWire } from '../../common/stream-reducers.ts';"),
    ).toEqual([]);
  });
});

describe('server/ shares code with the app only through common/', () => {
  it('reports server/ importing src/ or workers/, and lets it import common/', () => {
    expect(boundaryErrors('server/src/thing.ts', "import { api } from '../../src/lib/api-client.ts';")).not.toEqual([]);
    expect(
      boundaryErrors('server/src/thing.ts', "import { MarketEngine } from '../../workers/market/market-engine.ts';"),
    ).not.toEqual([]);
    expect(boundaryErrors('server/src/thing.ts', "import { isPassword } from '../../common/rules.ts';")).toEqual([]);
  });
});

describe('common/ imports nothing of app, worker or server, and uses no DOM or Node API', () => {
  it.each([
    "import { api } from '../src/lib/api-client.ts';",
    "import type { MarketApi } from '../workers/market/market-api.ts';",
    "import { db } from '../server/src/db/database.ts';",
    "import { readFileSync } from 'node:fs';",
    "import { readFileSync } from 'fs';",
    "import { useState } from 'react';",
  ])('reports %s', (code) => {
    expect(boundaryErrors('common/thing.ts', code)).not.toEqual([]);
  });

  it.each([
    'document.title = "x";',
    'export const w = window.innerWidth;',
    'export const env = process.env.X;',
    'export const b = Buffer.from("x");',
  ])('reports %s', (code) => {
    expect(boundaryErrors('common/thing.ts', code)).toContain('no-restricted-globals');
  });

  it('allows its own modules and plain packages', () => {
    expect(
      boundaryErrors(
        'common/thing.ts',
        "import { type Candle } from './protocol.ts';\nimport { sha256 } from '@noble/hashes/sha2.js';",
      ),
    ).toEqual([]);
  });
});

describe('Comlink', () => {
  const code = "import { wrap } from 'comlink';";

  it.each([
    'src/features/home/api/get-thing.ts',
    'src/lib/thing.ts',
    'src/lib/engine-client.ts',
    'workers/market/market-engine.ts',
    'workers/market/market-api.ts',
    'workers/market/market.worker.ts',
    'src/app/app.tsx',
    'common/thing.ts',
  ])('is reported in %s', (filePath) => {
    expect(boundaryErrors(filePath, code)).toContain('no-restricted-imports');
  });

  it.each([
    'src/lib/engine-worker.ts',
    'workers/market/bridge/expose.ts',
    'workers/market/bridge/connect.ts',
    'workers/market/__tests__/bridge.test.ts',
    'src/lib/__tests__/bridge.test.ts',
  ])('is allowed in %s', (filePath) => {
    expect(boundaryErrors(filePath, code)).toEqual([]);
  });
});

describe('React.lazy', () => {
  const code = "import { lazy } from 'react';";

  it.each(['src/features/home/components/Thing.tsx', 'src/app/routes.tsx', 'src/components/ui/Thing.tsx'])(
    'is reported in %s (lazy parts use retryableLazy)',
    (filePath) => {
      expect(boundaryErrors(filePath, code)).toContain('no-restricted-imports');
    },
  );

  it('is allowed in src/lib/retryable-lazy.ts, where Comlink stays refused', () => {
    expect(boundaryErrors('src/lib/retryable-lazy.ts', code)).toEqual([]);
    expect(boundaryErrors('src/lib/retryable-lazy.ts', "import { wrap } from 'comlink';")).toContain(
      'no-restricted-imports',
    );
  });

  it('leaves the rest of React alone', () => {
    expect(
      boundaryErrors('src/features/home/components/Thing.tsx', "import { Suspense, useState } from 'react';"),
    ).toEqual([]);
  });
});
