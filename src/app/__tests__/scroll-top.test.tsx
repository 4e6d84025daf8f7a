import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useScrollTopOnNavigate } from '../routes.tsx';

function Probe() {
  useScrollTopOnNavigate();
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('scroll after navigation', () => {
  it('returns to the top 50 ms after each navigation (docs/product-rules.md#routes-and-access)', () => {
    vi.useFakeTimers();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const memory = memoryLocation({ path: '/' });
    render(
      <Router hook={memory.hook}>
        <Probe />
      </Router>,
    );
    act(() => vi.advanceTimersByTime(50));
    scrollTo.mockClear();

    act(() => memory.navigate('/notify'));
    act(() => vi.advanceTimersByTime(49));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
