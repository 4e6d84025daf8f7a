import type { TestProject } from 'vitest/node';
import { startSharedStack, type SharedStack } from './shared-stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's servers (one per test worker) and browser, started before the first end-to-end file (shared-stack.ts). */
    e2eStack: SharedStack;
  }
}

/**
 * The end-to-end run's set-up: one reference server per test worker and one Chromium for every
 * file, instead of one of each per file. Files reach them through startStack() (stack.ts); the run stops them at its end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { shared, stop } = await startSharedStack();
  project.provide('e2eStack', shared);
  return stop;
}
