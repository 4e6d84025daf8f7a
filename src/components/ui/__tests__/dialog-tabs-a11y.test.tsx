import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useId, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../Dialog.tsx';
import { TabPanel, Tabs } from '../Tabs.tsx';

function Page({ dialogs, prerender = false }: { dialogs: number; prerender?: boolean }) {
  const [open, setOpen] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(dialogs)}>
        Open
      </button>
      {Array.from({ length: dialogs }, (_, i) => (
        <Dialog
          key={i}
          open={open > i}
          onClose={() => setOpen(i)}
          title={`Dialog ${i + 1}`}
          closeLabel={`Close ${i + 1}`}
          prerender={prerender}
        >
          <p>Body {i + 1}</p>
        </Dialog>
      ))}
    </>
  );
}

/** The app renders into #root; dialogs portal beside it. */
function renderInRoot(ui: React.ReactElement) {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  const view = render(ui, { container: root });
  return { root, unmount: () => (view.unmount(), root.remove()) };
}

describe('Dialog', () => {
  it('makes the page behind it inert while open, a frame after it shows, and gives focus back to the opener', async () => {
    const { root, unmount } = renderInRoot(<Page dialogs={1} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    // The tap only shows the dialog; the page's restyle waits for the paint after it.
    expect(root.hasAttribute('inert')).toBe(false);
    await waitFor(() => expect(root.hasAttribute('inert')).toBe(true));
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    expect(root.contains(screen.getByRole('dialog'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close 1' }));
    await waitFor(() => expect(root.hasAttribute('inert')).toBe(false));
    expect(document.activeElement).toBe(opener);
    unmount();
  });

  it('moves focus into the dialog before the page turns inert, so focus() does not force the restyle inert starts', async () => {
    const { root, unmount } = renderInRoot(<Page dialogs={1} />);
    const seen: boolean[] = [];
    const focus = HTMLElement.prototype.focus;
    HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
      seen.push(root.hasAttribute('inert'));
      focus.call(this, options);
    };
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Open' }));
      await waitFor(() => expect(root.hasAttribute('inert')).toBe(true));
      expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
      expect(seen).toEqual([false]);
    } finally {
      HTMLElement.prototype.focus = focus;
      unmount();
    }
  });

  it('rendered ahead, stays hidden and out of reach while closed, then opens and closes like any dialog', async () => {
    const { root, unmount } = renderInRoot(<Page dialogs={1} prerender />);
    const dialog = screen.getByText('Body 1').closest('[role="dialog"]');
    const layer = dialog?.parentElement;
    expect(layer?.hasAttribute('inert')).toBe(true);
    expect(layer?.className).toMatch(/parked/);
    expect(root.hasAttribute('inert')).toBe(false);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    // The same element, shown: nothing was mounted on the tap.
    expect(screen.getByRole('dialog', { name: 'Dialog 1' })).toBe(dialog);
    expect(layer?.hasAttribute('inert')).toBe(false);
    expect(layer?.className).not.toMatch(/parked/);
    await waitFor(() => expect(root.hasAttribute('inert')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Close 1' }));
    expect(layer?.hasAttribute('inert')).toBe(true);
    await waitFor(() => expect(root.hasAttribute('inert')).toBe(false));
    expect(document.activeElement).toBe(opener);
    unmount();
  });

  it('keeps the page inert until the last of stacked dialogs closes', async () => {
    const { root, unmount } = renderInRoot(<Page dialogs={2} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    await waitFor(() => expect(root.hasAttribute('inert')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Close 2' }));
    // Two frames later the page is still inert: the first dialog is open.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(root.hasAttribute('inert')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close 1' }));
    await waitFor(() => expect(root.hasAttribute('inert')).toBe(false));
    unmount();
  });

  it('answers an open and close within one frame with the page as it was: not inert, focus on the opener', async () => {
    const { root, unmount } = renderInRoot(<Page dialogs={1} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Close 1' }));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(root.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
    unmount();
  });
});

function TabbedList() {
  const [value, setValue] = useState<'a' | 'b'>('a');
  const panelId = useId();
  return (
    <>
      <Tabs<'a' | 'b'>
        label="Lists"
        value={value}
        onChange={setValue}
        items={[
          { key: 'a', label: 'First' },
          { key: 'b', label: 'Second' },
        ]}
        panelId={panelId}
      />
      <TabPanel id={panelId} tabKey={value}>
        <p>{value === 'a' ? 'List one' : 'List two'}</p>
      </TabPanel>
    </>
  );
}

describe('Tabs', () => {
  it('links each tab to the panel it controls and the panel to the selected tab', () => {
    render(<TabbedList />);
    const panel = screen.getByRole('tabpanel');
    for (const tab of screen.getAllByRole('tab')) expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getByRole('tabpanel', { name: 'First' }).textContent).toBe('List one');
    fireEvent.click(screen.getByRole('tab', { name: 'Second' }));
    expect(screen.getByRole('tabpanel', { name: 'Second' }).textContent).toBe('List two');
  });

  it('moves with the arrow keys the way the page reads: reversed right to left', () => {
    render(
      <div dir="rtl" style={{ direction: 'rtl' }}>
        <TabbedList />
      </div>,
    );
    const first = screen.getByRole('tab', { name: 'First' });
    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Second' }).getAttribute('aria-selected')).toBe('true');
  });
});
