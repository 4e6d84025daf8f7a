import { resolve } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noCrossFeature } from '../no-cross-feature.js';

/**
 * local/no-cross-feature on snippets placed (by file name only: nothing is read from disk) where a
 * feature's files live.
 */

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = resolve(import.meta.dirname, '../..');
const at = (path: string) => resolve(root, path);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const cross = (to: string) => [{ messageId: 'cross', data: { from: 'home', to } }];

tester.run('no-cross-feature', noCrossFeature(root), {
  valid: [
    {
      filename: at('src/features/home/api/get-thing.ts'),
      code: "import { langStore } from '../stores/lang-store.ts';",
    },
    {
      filename: at('src/features/home/components/deep/Thing.tsx'),
      code: "import { langStore } from '../../stores/lang-store.ts';",
    },
    { filename: at('src/features/home/api/get-thing.ts'), code: "import { api } from '../../../lib/api-client.ts';" },
    {
      filename: at('src/features/home/api/get-thing.ts'),
      code: "import { Button } from '../../../components/ui/Button.tsx';",
    },
    // Inside home, a folder that happens to share another feature's name is still home.
    { filename: at('src/features/home/components/Thing.tsx'), code: "import { Row } from './account/Row.tsx';" },
    // Outside features/ the rule has nothing to say (app/ may import every feature).
    {
      filename: at('src/app/pages/Thing.tsx'),
      code: "import { MemberPanel } from '../../features/account/components/MemberPanel.tsx';",
    },
  ],
  invalid: [
    {
      filename: at('src/features/home/home-thing.ts'),
      code: "import { userStore } from '../account/stores/user-store.ts';",
      errors: cross('account'),
    },
    {
      filename: at('src/features/home/api/get-thing.ts'),
      code: "import { userStore } from '../../account/stores/user-store.ts';",
      errors: cross('account'),
    },
    {
      filename: at('src/features/home/components/deep/Thing.tsx'),
      code: "import { userStore } from '../../../account/stores/user-store.ts';",
      errors: cross('account'),
    },
    {
      filename: at('src/features/home/api/get-thing.ts'),
      code: "import { userStore } from '../../../features/account/stores/user-store.ts';",
      errors: cross('account'),
    },
    {
      filename: at('src/features/home/api/get-thing.ts'),
      code: "import { userStore } from './../../account/stores/user-store.ts';",
      errors: cross('account'),
    },
    {
      filename: at('src/features/home/api/get-thing.ts'),
      code: "import type { UserInfo } from '../../account/api/get-user-info.ts';",
      errors: cross('account'),
    },
    {
      filename: at('src/features/home/api/get-thing.ts'),
      code: "export { userStore } from '../../account/stores/user-store.ts';",
      errors: cross('account'),
    },
    {
      filename: at('src/features/home/api/get-thing.ts'),
      code: "export * from '../../account/stores/user-store.ts';",
      errors: cross('account'),
    },
    {
      filename: at('src/features/home/api/get-thing.ts'),
      code: "export const load = () => import('../../account/stores/user-store.ts');",
      errors: cross('account'),
    },
    {
      filename: at('src/features/home/api/get-thing.ts'),
      code: "import { userStore } from '/src/features/account/stores/user-store.ts';",
      errors: cross('account'),
    },
    {
      filename: at('src/features/notices/__tests__/thing.test.ts'),
      code: "import { userStore } from '../../account/stores/user-store.ts';",
      errors: [{ messageId: 'cross', data: { from: 'notices', to: 'account' } }],
    },
  ],
});
