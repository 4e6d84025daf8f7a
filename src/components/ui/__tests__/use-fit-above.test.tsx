import { act, render } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../../lib/testing/after-paint.ts';
import { FakeResizeObserver } from '../../../lib/testing/fake-resize-observer.ts';
import { FIT_GAP_PX, fittedHeight, useFitAbove } from '../use-fit-above.ts';

const RANGE = { min: 180, max: 300 };

/** Where the test says the page, the box and the bar are, in the viewport (the page below a banner, the box inside it). */
const layout = { pageTop: 90, boxInPage: 260, barTop: 610 };

function Screen({ withBar = true, range = RANGE }: { withBar?: boolean; range?: { min: number; max: number } }) {
  const page = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [fit] = useState(() => ({ page, bar }));
  useFitAbove(box, withBar ? fit : undefined, range);
  return (
    <div ref={page} data-testid="page">
      <div ref={box} data-testid="box" style={{ height: '300px' }} />
      <div ref={bar} data-testid="bar" />
    </div>
  );
}

function placeElements(view: ReturnType<typeof render>) {
  const rect = (top: number) =>
    ({ top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
  const pageTop = () => layout.pageTop - window.scrollY;
  view.getByTestId('page').getBoundingClientRect = () => rect(pageTop());
  view.getByTestId('box').getBoundingClientRect = () => rect(pageTop() + layout.boxInPage);
  view.getByTestId('bar').getBoundingClientRect = () => rect(layout.barTop);
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeResizeObserver.reset();
  window.scrollY = 0;
  Object.assign(layout, { pageTop: 90, boxInPage: 260, barTop: 610 });
});

describe('fittedHeight', () => {
  it('ends the box a gap above the bar, within its range', () => {
    expect(fittedHeight(260, 520, RANGE)).toBe(520 - 260 - FIT_GAP_PX);
    expect(fittedHeight(100, 610, RANGE)).toBe(300);
    expect(fittedHeight(260, 400, RANGE)).toBe(180);
  });
});

describe('useFitAbove', () => {
  it('sizes the box to end above the bar with its page at the top of the screen, and follows the page', async () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    layout.barTop = 465;
    const view = render(<Screen />);
    placeElements(view);
    const box = view.getByTestId('box');
    act(() => FakeResizeObserver.laidOut());
    await afterPaint();
    expect(box.style.height).toBe(`${465 - 260 - FIT_GAP_PX}px`);

    // The banner above the page closes, or the page is scrolled: the box keeps its height (no redraw).
    layout.pageTop = 0;
    window.scrollY = 120;
    act(() => FakeResizeObserver.laidOut());
    await afterPaint();
    expect(box.style.height).toBe(`${465 - 260 - FIT_GAP_PX}px`);

    // A taller screen: the room grows, up to the box's largest height.
    layout.barTop = 610;
    act(() => FakeResizeObserver.laidOut());
    await afterPaint();
    expect(box.style.height).toBe('300px');

    // A row above it wraps on a short phone: never below its smallest height; the page scrolls for the rest.
    layout.boxInPage = 300;
    layout.barTop = 400;
    act(() => FakeResizeObserver.laidOut());
    await afterPaint();
    expect(box.style.height).toBe('180px');

    view.unmount();
    expect(box.style.height).toBe('');
  });

  it('refits to a new range within the same commit, never showing the box unfitted in between', async () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const view = render(<Screen />);
    placeElements(view);
    const box = view.getByTestId('box');
    act(() => FakeResizeObserver.laidOut());
    await afterPaint();
    expect(box.style.height).toBe('300px');

    // An indicator pane lets the box grow: the room above the bar, at once, with no layout read or frame awaited.
    view.rerender(<Screen range={{ min: 240, max: 420 }} />);
    expect(box.style.height).toBe(`${610 - 260 - FIT_GAP_PX}px`);
    // The pane goes: back to the first range's largest height, again at once.
    view.rerender(<Screen range={RANGE} />);
    expect(box.style.height).toBe('300px');
    expect(FakeResizeObserver.all).toHaveLength(1);
  });

  it('writes a frame already asked for with the range of that frame, not of its layout', async () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const view = render(<Screen />);
    placeElements(view);
    act(() => FakeResizeObserver.laidOut());
    view.rerender(<Screen range={{ min: 240, max: 420 }} />);
    await afterPaint();
    expect(view.getByTestId('box').style.height).toBe(`${610 - 260 - FIT_GAP_PX}px`);
  });

  it('writes the height in the next frame, not while the browser reports its layout', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const view = render(<Screen />);
    placeElements(view);
    act(() => FakeResizeObserver.laidOut());
    expect(view.getByTestId('box').style.height).toBe('300px');
  });

  it('leaves the box alone without a bar to fit above', async () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const view = render(<Screen withBar={false} />);
    placeElements(view);
    act(() => FakeResizeObserver.laidOut());
    await afterPaint();
    expect(FakeResizeObserver.all).toEqual([]);
    expect(view.getByTestId('box').style.height).toBe('300px');
  });
});
