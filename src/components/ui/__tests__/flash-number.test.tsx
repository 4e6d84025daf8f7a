import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLASH_MS, FlashNumber } from '../FlashNumber.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('FlashNumber', () => {
  it('flashes up on a rise and down on a fall, compared exactly, then clears', () => {
    const { rerender } = render(<FlashNumber value="0.1" text="0.10" testId="n" />);
    const node = () => screen.getByTestId('n');
    expect(node().dataset.flash).toBeUndefined();
    rerender(<FlashNumber value="0.10000000000000001" text="0.10" testId="n" />);
    expect(node().dataset.flash).toBe('up');
    act(() => vi.advanceTimersByTime(FLASH_MS));
    expect(node().dataset.flash).toBeUndefined();
    rerender(<FlashNumber value="0.09" text="0.09" testId="n" />);
    expect(node().dataset.flash).toBe('down');
    rerender(<FlashNumber value="0.09" text="0.09" testId="n" />);
    expect(node().dataset.flash).toBe('down');
  });
});
