import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { useWhenIdle } from '../use-when-idle.ts';

describe('useWhenIdle', () => {
  it('renders what waited for idle as a transition: the shown screen stays up while that code loads, then the piece appears', async () => {
    let loaded: (module: { default: () => React.JSX.Element }) => void = () => {};
    const Later = lazy(() => new Promise<{ default: () => React.JSX.Element }>((resolve) => (loaded = resolve)));
    function Screen() {
      const idle = useWhenIdle();
      return (
        <>
          <p>first screen</p>
          {idle && <Later />}
        </>
      );
    }
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('first screen')).toBeTruthy();
    // jsdom has no requestIdleCallback: whenIdle's timer stands in for it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // An urgent update would have put the boundary's fallback in place of the first screen here.
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('first screen')).toBeTruthy();
    await act(async () => loaded({ default: () => <p>idle piece</p> }));
    expect(screen.getByText('idle piece')).toBeTruthy();
    expect(screen.getByText('first screen')).toBeTruthy();
  });
});
