import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { retryableLazy, retryHistory, thisPage } from '../../../lib/retryable-lazy.ts';
import { LazyBoundary } from '../LazyBoundary.tsx';

function Part({ name }: { name: string }) {
  return <p>part {name}</p>;
}

/** A chunk load the test settles by hand, one entry per fetch. */
function manualLoads() {
  const loads: { resolve(): void; reject(): void }[] = [];
  const load = () =>
    new Promise<{ default: typeof Part }>((resolve, reject) => {
      loads.push({
        resolve: () => resolve({ default: Part }),
        reject: () => reject(new TypeError('Failed to fetch dynamically imported module')),
      });
    });
  return { loads, load };
}

/** Inside an async act, so React's retry after a settled load runs before the test looks. */
const inAct = (fn: () => void) => act(async () => fn());
const mount = (ui: ReactNode) => inAct(() => void render(ui));

function setOnline(onLine: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine });
  window.dispatchEvent(new Event(onLine ? 'online' : 'offline'));
}

describe('retryableLazy in a LazyBoundary', () => {
  // React reports each error a boundary catches on the console; these are the tests' own.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => {
    vi.restoreAllMocks();
    Object.assign(retryHistory, { failedAgain: false, succeededAgain: false });
  });

  it('shows the fallback while loading, then the part', async () => {
    const { loads, load } = manualLoads();
    const Lazy = retryableLazy(load);
    await mount(
      <LazyBoundary fallback={<p>loading</p>}>
        <Lazy name="a" />
      </LazyBoundary>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await inAct(() => loads[0]!.resolve());
    expect(screen.getByText('part a')).toBeTruthy();
  });

  it('a part whose code was preloaded before its first render shows at once: no fallback is committed, which React would keep up 300 ms', async () => {
    const { loads, load } = manualLoads();
    const Lazy = retryableLazy(load);
    const preloaded = Lazy.preload();
    loads[0]!.resolve();
    await preloaded;
    let fallbacks = 0;
    const Fallback = () => {
      fallbacks += 1;
      return <p>loading</p>;
    };
    render(
      <LazyBoundary fallback={<Fallback />}>
        <Lazy name="c" />
      </LazyBoundary>,
    );
    expect(screen.getByText('part c')).toBeTruthy();
    expect(fallbacks).toBe(0);
    expect(loads).toHaveLength(1);
  });

  it('a failed load shows `failed` and the rest stays; it is not fetched again until retry, which shows the part', async () => {
    const { loads, load } = manualLoads();
    const Lazy = retryableLazy(load);
    await mount(
      <div>
        <p>shell</p>
        <LazyBoundary failed={(retry) => <button onClick={retry}>retry</button>}>
          <Lazy name="b" />
        </LazyBoundary>
      </div>,
    );
    await inAct(() => loads[0]!.reject());
    expect(screen.getByText('shell')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'retry' })).toBeTruthy();
    // React's own renders after the failure do not fetch again (that would loop).
    expect(loads).toHaveLength(1);

    await inAct(() => fireEvent.click(screen.getByRole('button', { name: 'retry' })));
    expect(loads).toHaveLength(2);
    await inAct(() => loads[1]!.resolve());
    expect(screen.getByText('part b')).toBeTruthy();
  });

  it('without `failed` the part is left out, and it loads by itself when the network comes back', async () => {
    const { loads, load } = manualLoads();
    const Lazy = retryableLazy(load);
    try {
      await mount(
        <div>
          <p>shell</p>
          <LazyBoundary>
            <Lazy name="c" />
          </LazyBoundary>
        </div>,
      );
      await inAct(() => setOnline(false));
      await inAct(() => loads[0]!.reject());
      expect(screen.queryByText(/part/)).toBeNull();
      expect(screen.getByText('shell')).toBeTruthy();
      expect(loads).toHaveLength(1);

      await inAct(() => setOnline(true));
      expect(loads).toHaveLength(2);
      await inAct(() => loads[1]!.resolve());
      expect(screen.getByText('part c')).toBeTruthy();
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
    }
  });

  it('tries again at once a load that fails after the page changed under it, and only once', async () => {
    const { loads, load } = manualLoads();
    const Lazy = retryableLazy(load);
    const memory = memoryLocation({ path: '/' });
    await mount(
      <Router hook={memory.hook}>
        <p>shell</p>
        <LazyBoundary>
          <Lazy name="d" />
        </LazyBoundary>
      </Router>,
    );
    await inAct(() => memory.navigate('/market'));
    expect(loads).toHaveLength(1);
    await inAct(() => loads[0]!.reject());
    expect(loads).toHaveLength(2);
    // A failure where it was tried is kept until the next change.
    await inAct(() => loads[1]!.reject());
    expect(loads).toHaveLength(2);
    expect(screen.queryByText(/part/)).toBeNull();
    await inAct(() => memory.navigate('/'));
    expect(loads).toHaveLength(3);
    await inAct(() => loads[2]!.resolve());
    expect(screen.getByText('part d')).toBeTruthy();
  });

  it('keeps a load that succeeded: a second mount fetches nothing', async () => {
    const { loads, load } = manualLoads();
    const Lazy = retryableLazy(load);
    await mount(
      <LazyBoundary>
        <Lazy name="d" />
      </LazyBoundary>,
    );
    await inAct(() => loads[0]!.resolve());
    expect(screen.getByText('part d')).toBeTruthy();
    await mount(
      <LazyBoundary>
        <Lazy name="e" />
      </LazyBoundary>,
    );
    expect(screen.getByText('part e')).toBeTruthy();
    expect(loads).toHaveLength(1);
  });

  describe('a load that fails again when tried again', () => {
    /** Mounted, failed, retried by the tap and failed again: where a browser that keeps failed module fetches stays. */
    async function failedTwice() {
      const { loads, load } = manualLoads();
      const Lazy = retryableLazy(load);
      await mount(
        <LazyBoundary failed={(retry) => <button onClick={retry}>retry</button>}>
          <Lazy name="f" />
        </LazyBoundary>,
      );
      await inAct(() => loads[0]!.reject());
      await inAct(() => fireEvent.click(screen.getByRole('button', { name: 'retry' })));
      await inAct(() => loads[1]!.reject());
      return loads;
    }

    it('reloads the page on the next Retry when the server answers, instead of a retry that cannot fetch', async () => {
      const reload = vi.spyOn(thisPage, 'reload').mockImplementation(() => {});
      vi.spyOn(thisPage, 'serverAnswers').mockResolvedValue(true);
      const loads = await failedTwice();
      expect(reload).not.toHaveBeenCalled();
      await inAct(() => fireEvent.click(screen.getByRole('button', { name: 'retry' })));
      expect(reload).toHaveBeenCalledTimes(1);
      expect(loads).toHaveLength(2);
    });

    it("tries again without a reload while the server does not answer: a reload would show the browser's offline page", async () => {
      const reload = vi.spyOn(thisPage, 'reload').mockImplementation(() => {});
      vi.spyOn(thisPage, 'serverAnswers').mockResolvedValue(false);
      const loads = await failedTwice();
      await inAct(() => fireEvent.click(screen.getByRole('button', { name: 'retry' })));
      expect(reload).not.toHaveBeenCalled();
      expect(loads).toHaveLength(3);
    });

    it('never reloads in a browser where a retry has once brought a part: trying again works there', async () => {
      const reload = vi.spyOn(thisPage, 'reload').mockImplementation(() => {});
      vi.spyOn(thisPage, 'serverAnswers').mockResolvedValue(true);
      const first = manualLoads();
      const Came = retryableLazy(first.load);
      await mount(
        <LazyBoundary failed={(retry) => <button onClick={retry}>retry g</button>}>
          <Came name="g" />
        </LazyBoundary>,
      );
      await inAct(() => first.loads[0]!.reject());
      await inAct(() => fireEvent.click(screen.getByRole('button', { name: 'retry g' })));
      await inAct(() => first.loads[1]!.resolve());
      expect(screen.getByText('part g')).toBeTruthy();
      const loads = await failedTwice();
      await inAct(() => fireEvent.click(screen.getByRole('button', { name: 'retry' })));
      expect(reload).not.toHaveBeenCalled();
      expect(loads).toHaveLength(3);
    });
  });
});
