import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/**
 * The end-to-end files that take longest, longest first (the mean per-file times of four runs on the
 * 2-core machine the suite is budgeted for; every file of 15 s or more). Two workers take files in
 * order as each comes free, so the long ones start first and the short ones fill in behind them; in
 * vitest's own order on a fresh clone (largest file first) the accessibility file started last but
 * one, and one worker ran on alone for half a minute after the other had finished.
 */
const LONGEST_FIRST = [
  'shell/accessibility.spec.ts',
  'trading/finish.spec.ts',
  'wallet/money.spec.ts',
  'market/fault-soak.spec.ts',
  'trading/spot.spec.ts',
  'account/session.spec.ts',
  'earn/earn.spec.ts',
  'shell/security-policy.spec.ts',
  'profile/profile-screens.spec.ts',
  'shell/offline-app.spec.ts',
  'trading/screens.spec.ts',
  'profile/upload-slot.spec.ts',
  'account/register.spec.ts',
];

/**
 * Vitest's order (its last times when it has them, else the largest file first), with the files
 * above moved to the front of their project in that order. vitest/node is loaded when a run sorts
 * its files, so the build, which reads the same config, never loads it.
 */
export class LongestFirstSequencer implements TestSequencer {
  private base: TestSequencer | undefined;

  constructor(private readonly ctx: Vitest) {}

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await this.baseSequencer()).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await (await this.baseSequencer()).sort(files);
    const projectOrder = new Map<string, number>();
    for (const file of sorted)
      if (!projectOrder.has(file.project.name)) projectOrder.set(file.project.name, projectOrder.size);
    const rank = (file: TestSpecification): number => {
      const at = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/tests/e2e/${name}`));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    return sorted
      .map((file, index) => ({ file, index }))
      .sort(
        (a, b) =>
          (projectOrder.get(a.file.project.name) ?? 0) - (projectOrder.get(b.file.project.name) ?? 0) ||
          rank(a.file) - rank(b.file) ||
          a.index - b.index,
      )
      .map(({ file }) => file);
  }

  private async baseSequencer(): Promise<TestSequencer> {
    if (!this.base) {
      const { BaseSequencer } = await import('vitest/node');
      this.base = new BaseSequencer(this.ctx);
    }
    return this.base;
  }
}
