import { act } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWhenReady } from '../first-render.ts';

let container: HTMLElement;
let root: Root;
let skeletonRenders = 0;
let appRenders = 0;

function Skeleton() {
  skeletonRenders += 1;
  return <p>skeleton</p>;
}
function App() {
  appRenders += 1;
  return <p>first screen</p>;
}

/** The settings' answer, released by the test. */
function heldBoot() {
  let release: () => void = () => {};
  const booted = new Promise<void>((resolve) => (release = resolve));
  return { booted, release: () => release() };
}
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  skeletonRenders = 0;
  appRenders = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('the first render', () => {
  it('shows the app once the settings are in, and never the skeleton when they come before the next task', async () => {
    const held = heldBoot();
    await act(async () => {
      renderWhenReady(root, <App />, <Skeleton />, [held.booted]);
      held.release();
      await nextTask();
      await nextTask();
    });
    expect(container.textContent).toBe('first screen');
    expect(skeletonRenders).toBe(0);
  });

  it('shows the skeleton while the settings are on their way, then the app in its place in one update: the skeleton is no Suspense fallback, which React would keep up 300 ms', async () => {
    const held = heldBoot();
    await act(async () => {
      renderWhenReady(root, <App />, <Skeleton />, [held.booted]);
      await nextTask();
    });
    expect(container.textContent).toBe('skeleton');
    expect(appRenders).toBe(0);
    await act(async () => {
      held.release();
      await held.booted;
    });
    expect(container.textContent).toBe('first screen');
  });

  it('waits for every need, and one that failed (a page chunk that could not be fetched) does not hold the app back', async () => {
    const settings = heldBoot();
    let failPage: (error: Error) => void = () => {};
    const page = new Promise<void>((_, reject) => (failPage = reject));
    await act(async () => {
      renderWhenReady(root, <App />, <Skeleton />, [settings.booted, page]);
      settings.release();
      await nextTask();
    });
    expect(container.textContent).toBe('skeleton');
    await act(async () => {
      failPage(new TypeError('Failed to fetch dynamically imported module'));
      await nextTask();
    });
    expect(container.textContent).toBe('first screen');
  });
});
