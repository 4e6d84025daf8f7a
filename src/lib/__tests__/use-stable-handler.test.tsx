import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStableHandler } from '../use-stable-handler.ts';

describe('useStableHandler', () => {
  it('keeps one function across renders that runs the latest render’s handler', () => {
    const view = renderHook(({ side }) => useStableHandler((percent: number) => `${side} ${percent}`), {
      initialProps: { side: 'buy' },
    });
    const first = view.result.current;
    expect(first(25)).toBe('buy 25');
    view.rerender({ side: 'sell' });
    expect(view.result.current).toBe(first);
    expect(first(50)).toBe('sell 50');
  });
});
