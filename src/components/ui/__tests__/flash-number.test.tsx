import { Profiler } from 'react';
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

  it('does not compare a value of another identity: a book row drawn in place does not flash when another level takes it', () => {
    const { rerender } = render(<FlashNumber value="2" identity="100.5" text="2" testId="n" />);
    const node = () => screen.getByTestId('n');
    rerender(<FlashNumber value="5" identity="100.4" text="5" testId="n" />);
    expect(node().dataset.flash).toBeUndefined();
    rerender(<FlashNumber value="3" identity="100.4" text="3" testId="n" />);
    expect(node().dataset.flash).toBe('down');
    // Another level taking the row mid-flash ends the flash: the tint belonged to the other level.
    rerender(<FlashNumber value="9" identity="100.3" text="9" testId="n" />);
    expect(node().dataset.flash).toBeUndefined();
  });

  it('flashes a level that moved to this element against the value it had before, and not one that is new or unchanged', () => {
    const { rerender } = render(<FlashNumber value="2" identity="100.5" text="2" testId="n" />);
    const node = () => screen.getByTestId('n');
    rerender(<FlashNumber value="7" identity="100.4" previous="5" text="7" testId="n" />);
    expect(node().dataset.flash).toBe('up');
    rerender(<FlashNumber value="4" identity="100.3" previous="4" text="4" testId="n" />);
    expect(node().dataset.flash).toBeUndefined();
    rerender(<FlashNumber value="1" identity="100.2" previous="3" text="1" testId="n" />);
    expect(node().dataset.flash).toBe('down');
    rerender(<FlashNumber value="6" identity="100.1" text="6" testId="n" />);
    expect(node().dataset.flash).toBeUndefined();
  });

  it('shows a new value and its tint in one commit, so a change costs one frame', () => {
    let commits = 0;
    const at = (value: string) => (
      <Profiler id="n" onRender={() => commits++}>
        <FlashNumber value={value} text={value} testId="n" />
      </Profiler>
    );
    const { rerender } = render(at('1'));
    commits = 0;
    rerender(at('2'));
    expect(screen.getByTestId('n').dataset.flash).toBe('up');
    expect(commits).toBe(1);
  });

  it('ends the tint FLASH_MS after the last move, not after a value that compares equal', () => {
    const { rerender } = render(<FlashNumber value="1" text="1" testId="n" />);
    const node = () => screen.getByTestId('n');
    rerender(<FlashNumber value="2" text="2" testId="n" />);
    act(() => vi.advanceTimersByTime(FLASH_MS - 100));
    rerender(<FlashNumber value="2.0" text="2.0" testId="n" />);
    expect(node().dataset.flash).toBe('up');
    act(() => vi.advanceTimersByTime(100));
    expect(node().dataset.flash).toBeUndefined();
    rerender(<FlashNumber value="3" text="3" testId="n" />);
    act(() => vi.advanceTimersByTime(FLASH_MS - 100));
    rerender(<FlashNumber value="4" text="4" testId="n" />);
    act(() => vi.advanceTimersByTime(100));
    // A move restarts the clock.
    expect(node().dataset.flash).toBe('up');
    act(() => vi.advanceTimersByTime(FLASH_MS - 100));
    expect(node().dataset.flash).toBeUndefined();
  });
});
