import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePublishedHeight, type CoveredRoom } from '../use-published-height.ts';

function Layer({ property, gapPx }: { property: CoveredRoom; gapPx?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  usePublishedHeight(ref, property, gapPx);
  return <div ref={ref} />;
}

const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
function pretendHeight(px: number) {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => px });
}
afterEach(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', original);
});

describe('usePublishedHeight', () => {
  it('publishes the height on <html> while mounted and removes it after', () => {
    pretendHeight(132);
    const view = render(<Layer property="--screen-bar-h" />);
    expect(document.documentElement.style.getPropertyValue('--screen-bar-h')).toBe('132px');
    view.unmount();
    expect(document.documentElement.style.getPropertyValue('--screen-bar-h')).toBe('');
  });

  it('adds the gap and leaves the other property alone', () => {
    pretendHeight(70);
    const view = render(<Layer property="--qa-bar-h" gapPx={8} />);
    expect(document.documentElement.style.getPropertyValue('--qa-bar-h')).toBe('78px');
    expect(document.documentElement.style.getPropertyValue('--screen-bar-h')).toBe('');
    view.unmount();
    expect(document.documentElement.style.getPropertyValue('--qa-bar-h')).toBe('');
  });
});
