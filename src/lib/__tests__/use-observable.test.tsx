import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Subject } from 'rxjs';
import { useObservable } from '../use-observable.ts';

function Price({ source }: { source: Subject<string> }) {
  const price = useObservable(source, 'loading');
  return <output>{price}</output>;
}

describe('useObservable', () => {
  it('shows the initial value, then every value the Observable emits', () => {
    const source = new Subject<string>();
    render(<Price source={source} />);
    expect(screen.getByRole('status').textContent).toBe('loading');
    act(() => source.next('101.5'));
    expect(screen.getByRole('status').textContent).toBe('101.5');
    act(() => source.next('101.6'));
    expect(screen.getByRole('status').textContent).toBe('101.6');
  });

  it('unsubscribes when the component unmounts', () => {
    const source = new Subject<string>();
    const { unmount } = render(<Price source={source} />);
    expect(source.observed).toBe(true);
    unmount();
    expect(source.observed).toBe(false);
  });

  it('switches to a new Observable and starts from the initial value again', () => {
    const first = new Subject<string>();
    const second = new Subject<string>();
    const { rerender } = render(<Price source={first} />);
    act(() => first.next('1'));
    rerender(<Price source={second} />);
    expect(first.observed).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('loading');
    act(() => second.next('2'));
    expect(screen.getByRole('status').textContent).toBe('2');
  });
});
