import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noImportCycle } from '../no-import-cycle.js';

/**
 * local/no-import-cycle over small module graphs written to a temporary folder: the rule reads the
 * files a module imports from disk, as it does over the real tree.
 */

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = mkdtempSync(join(tmpdir(), 'no-import-cycle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes `files` (path → source) under the temporary root; returns a case for the first one. */
function graph(files: Record<string, string>): { filename: string; code: string } {
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), code);
  }
  const [first] = Object.entries(files);
  if (!first) throw new Error('an empty graph');
  return { filename: join(root, first[0]), code: first[1] };
}

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

tester.run('no-import-cycle', noImportCycle(root), {
  valid: [
    // A chain that never comes back.
    graph({
      'line/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'line/b.ts': "import { c } from './c.ts';\nexport const b = c;\n",
      'line/c.ts': 'export const c = 1;\n',
    }),
    // Two modules sharing a third (the shape the uploads readers now have).
    graph({
      'shared/format.ts':
        "import { readSize, type Size } from './reader.ts';\nimport { other } from './other.ts';\nexport const f = (s: Size) => [readSize, other, s];\n",
      'shared/reader.ts': 'export interface Size { width: number }\nexport const readSize = 1;\n',
      'shared/other.ts': "import type { Size } from './reader.ts';\nexport const other = (s: Size) => s;\n",
    }),
    // Packages are not followed.
    graph({
      'pkg/a.ts':
        "import { readFileSync } from 'node:fs';\nimport { wrap } from 'comlink';\nexport const a = [readFileSync, wrap];\n",
    }),
  ],
  invalid: [
    {
      // Type-only imports still make a cycle: the one server/src/uploads had (format → jpeg → format).
      ...graph({
        'types/format.ts':
          "import { readJpeg } from './jpeg.ts';\nexport interface Size { width: number }\nexport const formats = [readJpeg];\n",
        'types/jpeg.ts':
          "import type { Size } from './format.ts';\nexport const readJpeg = (): Size => ({ width: 1 });\n",
      }),
      errors: [{ messageId: 'cycle', data: { chain: 'types/format.ts → types/jpeg.ts → types/format.ts' } }],
    },
    {
      // Three modules round, through a re-export and a dynamic import.
      ...graph({
        'ring/a.ts': "export { b } from './b.ts';\n",
        'ring/b.ts': "import { c } from './c.ts';\nexport const b = c;\n",
        'ring/c.ts': "export const c = () => import('./a.ts');\n",
      }),
      errors: [{ messageId: 'cycle', data: { chain: 'ring/a.ts → ring/b.ts → ring/c.ts → ring/a.ts' } }],
    },
    {
      // The code being linted decides (an editor's buffer), not what is on disk.
      ...graph({
        'buffer/a.ts': 'export const a = 1;\n',
        'buffer/b.ts': "import { a } from './a.ts';\nexport const b = a;\n",
      }),
      code: "import { b } from './b.ts';\nexport const a = b;\n",
      errors: [{ messageId: 'cycle', data: { chain: 'buffer/a.ts → buffer/b.ts → buffer/a.ts' } }],
    },
  ],
});
