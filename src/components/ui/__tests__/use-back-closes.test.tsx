import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState, type ReactNode } from 'react';
import { Link, Route, Router, Switch, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../../lib/testing/after-paint.ts';
import { Dialog } from '../Dialog.tsx';

/** The key use-back-closes.ts writes into history.state; read here to see whose entry is current. */
const MARKER_KEY = 'dialogEntry';

function marker(): string | null {
  const state: unknown = history.state;
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[MARKER_KEY];
  return typeof value === 'string' ? value : null;
}

/** A few timer turns: jsdom runs a traversal and then its popstate on separate timer tasks. */
async function settled(): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 40)));
}

/** Taps the button named `name` and waits for the dialog it opens to push its entry (after the next paint, use-back-closes.ts). */
async function openBy(name: string): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name }));
  await afterPaint();
}

/** Traverses history like the back / forward button and waits until it lands (and whatever follows). */
async function go(delta: number): Promise<void> {
  await act(async () => {
    const landed = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    history.go(delta);
    await landed;
  });
  await settled();
}

function Sheet(props: { name: string; open: boolean; onClose(): void; children?: ReactNode }) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={props.name}
      closeLabel={`Close ${props.name}`}
      testId={props.name}
    >
      {props.children}
    </Dialog>
  );
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Sheet name="sheet" open={open} onClose={() => setOpen(false)}>
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Sheet>
    </>
  );
}

let entriesBefore = 0;

beforeEach(() => {
  // Every test starts on /page, reached from /start, so "back leaves the page" is visible as /start.
  history.replaceState(null, '', '/start');
  history.pushState(null, '', '/page');
  entriesBefore = history.length;
});

afterEach(async () => {
  cleanup();
  await settled();
});

describe('useBackCloses through Dialog', () => {
  it("pushes its entry without waking the router's location listeners (same URL, nothing for them)", async () => {
    // wouter/use-browser-location (imported above) patches pushState to announce every push with a
    // window event; each of the page's location hooks runs on it.
    let announced = 0;
    const count = () => (announced += 1);
    window.addEventListener('pushState', count);
    try {
      render(<Page />);
      await openBy('Open');
      expect(marker()).not.toBeNull();
      expect(announced).toBe(0);
      await go(-1);
      expect(screen.queryByTestId('sheet')).toBeNull();
      expect(location.pathname).toBe('/page');
    } finally {
      window.removeEventListener('pushState', count);
    }
  });

  it('the tap that opens a dialog leaves history alone: its entry follows the paint that shows it', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByTestId('sheet')).toBeTruthy();
    expect(history.length).toBe(entriesBefore);
    expect(marker()).toBeNull();

    await afterPaint();
    expect(history.length).toBe(entriesBefore + 1);
    expect(marker()).not.toBeNull();
    expect(location.pathname).toBe('/page');
  });

  it('a back press that lands before the entry is pushed leaves the page, and no entry is pushed after it', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await go(-1);
    expect(location.pathname).toBe('/start');
    expect(marker()).toBeNull();

    // Forward finds the page's own entry, not one of the dialog's pushed onto /start.
    await go(1);
    expect(location.pathname).toBe('/page');
    expect(marker()).toBeNull();
  });

  it('a navigation that lands before the entry is pushed keeps the entry off the new page', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    act(() => navigate('/other'));
    await afterPaint();
    expect(location.pathname).toBe('/other');
    expect(marker()).toBeNull();
    expect(history.length).toBe(entriesBefore + 1);

    // Back leaves /other for the page, as it would had the dialog pushed nothing.
    await go(-1);
    expect(location.pathname).toBe('/page');
    expect(marker()).toBeNull();
  });

  it('pushes one entry on open; back closes the dialog and the page stays; the next back leaves', async () => {
    render(<Page />);
    await openBy('Open');
    expect(screen.getByTestId('sheet')).toBeTruthy();
    expect(history.length).toBe(entriesBefore + 1);
    expect(marker()).not.toBeNull();
    expect(location.pathname).toBe('/page');

    await go(-1);
    expect(screen.queryByTestId('sheet')).toBeNull();
    expect(location.pathname).toBe('/page');
    expect(marker()).toBeNull();

    await go(-1);
    expect(location.pathname).toBe('/start');
  });

  it('closing a dialog starts removing its entry at once, so a navigation or reload right after the close is not cut short by it', async () => {
    render(<Page />);
    await openBy('Open');
    const traversals: number[] = [];
    const go = history.go.bind(history);
    const spy = vi.spyOn(history, 'go').mockImplementation((delta) => {
      traversals.push(delta ?? 0);
      go(delta);
    });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Close sheet' }));
      await act(() => Promise.resolve());
      expect(traversals).toEqual([-1]);
    } finally {
      spy.mockRestore();
    }
    await settled();
    expect(marker()).toBeNull();
    expect(location.pathname).toBe('/page');
  });

  it('the close button, Escape and a feature closing it each remove the entry, so back then leaves the page', async () => {
    render(<Page />);
    const closers = [
      () => fireEvent.click(screen.getByRole('button', { name: 'Close sheet' })),
      () => fireEvent.keyDown(document, { key: 'Escape' }),
      () => fireEvent.click(screen.getByRole('button', { name: 'Done' })),
    ];
    for (const close of closers) {
      await openBy('Open');
      expect(marker()).not.toBeNull();
      close();
      expect(screen.queryByTestId('sheet')).toBeNull();
      await waitFor(() => expect(marker()).toBeNull());
      await settled();
      expect(location.pathname).toBe('/page');
    }
    await go(-1);
    expect(location.pathname).toBe('/start');
  });

  it('under StrictMode an open dialog still adds exactly one entry', async () => {
    render(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    await openBy('Open');
    expect(history.length).toBe(entriesBefore + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Close sheet' }));
    await waitFor(() => expect(marker()).toBeNull());
    await settled();
    await go(-1);
    expect(location.pathname).toBe('/start');
  });

  it('under StrictMode two dialogs opened in one commit keep one entry each', async () => {
    function Both() {
      const [open, setOpen] = useState(false);
      const [top, setTop] = useState(false);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setOpen(true);
              setTop(true);
            }}
          >
            Open both
          </button>
          <Sheet name="under" open={open} onClose={() => setOpen(false)} />
          <Sheet name="over" open={top} onClose={() => setTop(false)} />
        </>
      );
    }
    render(
      <StrictMode>
        <Both />
      </StrictMode>,
    );
    await openBy('Open both');
    expect(history.length).toBe(entriesBefore + 2);
    await go(-1);
    expect(screen.queryByTestId('over')).toBeNull();
    expect(screen.getByTestId('under')).toBeTruthy();
    await go(-1);
    expect(screen.queryByTestId('under')).toBeNull();
    expect(location.pathname).toBe('/page');
    await go(-1);
    expect(location.pathname).toBe('/start');
  });

  it('stacked dialogs each own an entry and back closes only the top one', async () => {
    function Stacked() {
      const [panel, setPanel] = useState(false);
      const [popup, setPopup] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setPanel(true)}>
            Open panel
          </button>
          <Sheet name="panel" open={panel} onClose={() => setPanel(false)}>
            <button type="button" onClick={() => setPopup(true)}>
              Open popup
            </button>
          </Sheet>
          <Sheet name="popup" open={popup} onClose={() => setPopup(false)} />
        </>
      );
    }
    render(<Stacked />);
    await openBy('Open panel');
    const panelEntry = marker();
    await openBy('Open popup');
    expect(history.length).toBe(entriesBefore + 2);
    expect(marker()).not.toBe(panelEntry);

    await go(-1);
    expect(screen.queryByTestId('popup')).toBeNull();
    expect(screen.getByTestId('panel')).toBeTruthy();
    expect(marker()).toBe(panelEntry);

    // Closing the popup by its button also pops only the popup's entry.
    await openBy('Open popup');
    fireEvent.click(screen.getByRole('button', { name: 'Close popup' }));
    await waitFor(() => expect(marker()).toBe(panelEntry));
    await settled();
    expect(screen.getByTestId('panel')).toBeTruthy();

    await go(-1);
    expect(screen.queryByTestId('panel')).toBeNull();
    expect(location.pathname).toBe('/page');
    await go(-1);
    expect(location.pathname).toBe('/start');
  });

  it('a dialog closed together with a replace navigation leaves the new URL in place of the page, never the old one', async () => {
    const rendered: string[] = [];
    function PairPage() {
      const search = useSearch();
      rendered.push(search);
      const [open, setOpen] = useState(false);
      const pick = (pair: string) => {
        setOpen(false);
        navigate(`/page?pair=${pair}`, { replace: true });
      };
      return (
        <>
          <p data-testid="pair">{search}</p>
          <button type="button" onClick={() => setOpen(true)}>
            Pairs
          </button>
          <Sheet name="pairs" open={open} onClose={() => setOpen(false)}>
            <button type="button" onClick={() => pick('eth')}>
              ETH
            </button>
          </Sheet>
        </>
      );
    }
    history.replaceState(null, '', '/page?pair=btc');
    render(
      <Router>
        <PairPage />
      </Router>,
    );
    await openBy('Pairs');
    expect(history.length).toBe(entriesBefore + 1);
    const rendersBeforePick = rendered.length;

    fireEvent.click(screen.getByRole('button', { name: 'ETH' }));
    await waitFor(() => expect(location.search).toBe('?pair=eth'));
    await settled();
    expect(screen.queryByTestId('pairs')).toBeNull();
    expect(marker()).toBeNull();
    expect(location.search).toBe('?pair=eth');
    expect(screen.getByTestId('pair').textContent).toBe('pair=eth');
    // The old pair was never shown again while history was being tidied.
    expect(rendered.slice(rendersBeforePick)).not.toContain('pair=btc');

    await go(-1);
    expect(location.pathname).toBe('/start');
  });

  it('a replace navigation over a dialog with a left-over entry under it steps over both and never shows the old page', async () => {
    const rendered: string[] = [];
    function PairPage() {
      const search = useSearch();
      rendered.push(search);
      const [first, setFirst] = useState(false);
      const [second, setSecond] = useState(false);
      return (
        <>
          <p data-testid="pair">{search}</p>
          <button type="button" onClick={() => setFirst(true)}>
            First
          </button>
          <Sheet name="first" open={first} onClose={() => setFirst(false)}>
            <button type="button" onClick={() => setSecond(true)}>
              Second
            </button>
          </Sheet>
          <Sheet name="second" open={second} onClose={() => setSecond(false)}>
            <button type="button" onClick={() => setFirst(false)}>
              Drop the first
            </button>
            <button
              type="button"
              onClick={() => {
                setSecond(false);
                navigate('/page?pair=eth', { replace: true });
              }}
            >
              ETH
            </button>
          </Sheet>
        </>
      );
    }
    history.replaceState(null, '', '/page?pair=btc');
    render(
      <Router>
        <PairPage />
      </Router>,
    );
    await openBy('First');
    await openBy('Second');
    // The first dialog closes under the second: its entry stays buried until something steps over it.
    fireEvent.click(screen.getByRole('button', { name: 'Drop the first' }));
    await settled();
    expect(history.length).toBe(entriesBefore + 2);
    const rendersBeforePick = rendered.length;

    fireEvent.click(screen.getByRole('button', { name: 'ETH' }));
    await waitFor(() => expect(marker()).toBeNull());
    await settled();
    expect(location.search).toBe('?pair=eth');
    expect(screen.getByTestId('pair').textContent).toBe('pair=eth');
    expect(rendered.slice(rendersBeforePick)).not.toContain('pair=btc');
    await go(-1);
    expect(location.pathname).toBe('/start');
  });

  it('a dialog closed by a link that pushes a new page leaves history as if it had never pushed an entry', async () => {
    function LinkPage() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Menu
          </button>
          <Sheet name="menu" open={open} onClose={() => setOpen(false)}>
            <Link href="/other" onClick={() => setOpen(false)}>
              Other
            </Link>
          </Sheet>
        </>
      );
    }
    render(
      <Router>
        <Switch>
          <Route path="/page">
            <LinkPage />
          </Route>
          <Route path="/other">
            <p>Other page</p>
          </Route>
        </Switch>
      </Router>,
    );
    await openBy('Menu');
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    await waitFor(() => expect(history.length).toBe(entriesBefore + 1));
    await settled();
    expect(location.pathname).toBe('/other');
    expect(screen.getByText('Other page')).toBeTruthy();

    await go(-1);
    expect(location.pathname).toBe('/page');
    expect(marker()).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
    await go(-1);
    expect(location.pathname).toBe('/start');
  });

  it('a dialog that opens as another closes in the same commit takes over its entry', async () => {
    function Handover() {
      const [step, setStep] = useState<'none' | 'confirm' | 'countdown'>('none');
      return (
        <>
          <button type="button" onClick={() => setStep('confirm')}>
            Buy
          </button>
          <Sheet name="confirm" open={step === 'confirm'} onClose={() => setStep('none')}>
            <button type="button" onClick={() => setStep('countdown')}>
              Confirm
            </button>
          </Sheet>
          <Sheet name="countdown" open={step === 'countdown'} onClose={() => setStep('none')} />
        </>
      );
    }
    render(<Handover />);
    await openBy('Buy');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await settled();
    expect(screen.getByTestId('countdown')).toBeTruthy();
    expect(history.length).toBe(entriesBefore + 1);
    expect(marker()).not.toBeNull();

    await go(-1);
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(location.pathname).toBe('/page');
    await go(-1);
    expect(location.pathname).toBe('/start');
  });

  it('forward onto the entry of a dialog already closed steps back over it', async () => {
    render(<Page />);
    await openBy('Open');
    await go(-1);
    expect(screen.queryByTestId('sheet')).toBeNull();

    await act(async () => {
      history.forward();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    await waitFor(() => expect(marker()).toBeNull());
    await settled();
    expect(screen.queryByTestId('sheet')).toBeNull();
    expect(location.pathname).toBe('/page');
    await go(-1);
    expect(location.pathname).toBe('/start');
  });
});
