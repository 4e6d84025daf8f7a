import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the market worker as it starts', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("exposes the engine, then pays ICU's start with a number and a date formatter in a task of its own", async () => {
    vi.useFakeTimers();
    const listened: string[] = [];
    // The worker's scope, where Comlink listens for the page's calls.
    vi.stubGlobal('addEventListener', (type: string) => listened.push(type));
    const { NumberFormat, DateTimeFormat } = Intl;
    const numbers = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (this: unknown, ...args) {
      return new NumberFormat(...args);
    });
    const dates = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (this: unknown, ...args) {
      return new DateTimeFormat(...args);
    });
    await import('../market.worker.ts');
    expect(listened).toContain('message');
    // Not while the worker evaluates: the page's first calls are not held up by it.
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(numbers).toHaveBeenCalledTimes(1);
    expect(dates).toHaveBeenCalledTimes(1);
  });
});
