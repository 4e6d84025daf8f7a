import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast } from '../../../lib/toast.ts';
import { Dialog } from '../Dialog.tsx';
import { overlayLayer } from '../overlay-layer.ts';
import { ToastHost } from '../ToastHost.tsx';

/** Whether React listens for events on `element` (its root and portal containers carry this mark). */
const reactListensOn = (element: Element) => Object.keys(element).some((key) => key.startsWith('_reactListening'));

describe('overlayLayer', () => {
  it('is one element beside the page root, made once', () => {
    const layer = overlayLayer();
    expect(layer.parentElement).toBe(document.body);
    expect(overlayLayer()).toBe(layer);
    expect(document.querySelectorAll('#overlays')).toHaveLength(1);
  });

  it('takes dialogs and toasts, so React never listens on the body every tap passes through', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.appendChild(root);
    const view = render(
      <>
        <ToastHost />
        <Dialog open onClose={() => {}} title="Confirm" closeLabel="Close">
          <p>Body</p>
        </Dialog>
      </>,
      { container: root },
    );
    showToast('Saved', 'success');
    const layer = overlayLayer();
    expect(layer.contains(screen.getByRole('dialog'))).toBe(true);
    expect(layer.contains(await screen.findByText('Saved'))).toBe(true);
    expect(root.contains(screen.getByRole('dialog'))).toBe(false);
    expect(reactListensOn(layer)).toBe(true);
    expect(reactListensOn(root)).toBe(true);
    expect(reactListensOn(document.body)).toBe(false);
    view.unmount();
    root.remove();
  });
});
