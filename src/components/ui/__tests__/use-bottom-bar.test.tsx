import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useBottomBar } from '../use-bottom-bar.ts';

function Bar() {
  const ref = useRef<HTMLDivElement>(null);
  useBottomBar(ref);
  return <div ref={ref} />;
}

describe('useBottomBar', () => {
  it('publishes the bar height on <html> while mounted and removes it after', () => {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 132 });
    const view = render(<Bar />);
    expect(document.documentElement.style.getPropertyValue('--screen-bar-h')).toBe('132px');
    view.unmount();
    expect(document.documentElement.style.getPropertyValue('--screen-bar-h')).toBe('');
    if (original) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', original);
  });
});
