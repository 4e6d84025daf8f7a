import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeResizeObserver } from '../../../lib/testing/fake-resize-observer.ts';
import { usePublishedHeight, type CoveredRoom } from '../use-published-height.ts';

function Layer({ property, gapPx }: { property: CoveredRoom; gapPx?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  usePublishedHeight(ref, property, gapPx);
  return <div ref={ref} />;
}

/** The border box the browser reports after its layout, for every observed element. */
const report = (height: number) =>
  FakeResizeObserver.laidOut(() => ({
    borderBoxSize: [{ blockSize: height, inlineSize: 375 }],
    contentRect: { height } as DOMRectReadOnly,
  }));

const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
function pretendHeight(px: number) {
  const read = vi.fn(() => px);
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: read });
  return read;
}
afterEach(() => {
  if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeResizeObserver.reset();
});
const published = (property: CoveredRoom) => document.documentElement.style.getPropertyValue(property);

describe('usePublishedHeight', () => {
  it('publishes the height the browser reports after its layout, follows it, and removes it on unmount', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const layoutRead = pretendHeight(132);
    const view = render(<Layer property="--screen-bar-h" />);
    // Nothing is read from layout while React commits: that forced a layout of the whole page.
    expect(layoutRead).not.toHaveBeenCalled();
    act(() => report(132));
    expect(published('--screen-bar-h')).toBe('132px');
    act(() => report(96.5));
    expect(published('--screen-bar-h')).toBe('96.5px');
    view.unmount();
    expect(published('--screen-bar-h')).toBe('');
    expect(layoutRead).not.toHaveBeenCalled();
  });

  it('adds the gap and leaves the other property alone', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const view = render(<Layer property="--qa-bar-h" gapPx={8} />);
    act(() => report(70));
    expect(published('--qa-bar-h')).toBe('78px');
    expect(published('--screen-bar-h')).toBe('');
    view.unmount();
    expect(published('--qa-bar-h')).toBe('');
  });

  it('writes nothing while the height stays what the page already reads: an empty strip, or the same height again', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const write = vi.spyOn(document.documentElement.style, 'setProperty');
    const view = render(<Layer property="--qa-bar-h" />);
    act(() => report(0));
    expect(write).not.toHaveBeenCalled();
    act(() => report(40));
    act(() => report(40));
    expect(write).toHaveBeenCalledTimes(1);
    expect(published('--qa-bar-h')).toBe('40px');
    view.unmount();
  });

  it('reads the height itself where the browser has no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    pretendHeight(64);
    const view = render(<Layer property="--screen-bar-h" />);
    expect(published('--screen-bar-h')).toBe('64px');
    view.unmount();
    expect(published('--screen-bar-h')).toBe('');
  });
});
