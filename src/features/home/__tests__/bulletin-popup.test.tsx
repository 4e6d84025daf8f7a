import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hidePopupFor, isPopupHiddenOn } from '../../../lib/client-storage.ts';

const popup = { title: 'Maintenance', content: '<p>Sunday</p><script>window.__pwned=1</script>' };

/** The popup as a fresh visit of the app loads it: its module, and what it remembers, start anew. */
async function newVisit() {
  vi.resetModules();
  return (await import('../components/BulletinPopup.tsx')).BulletinPopup;
}

let BulletinPopup: Awaited<ReturnType<typeof newVisit>>;

beforeEach(async () => {
  BulletinPopup = await newVisit();
});

describe('bulletin popup', () => {
  it('is not shown without a title', () => {
    render(<BulletinPopup popup={{ content: 'x' }} />);
    expect(screen.queryByTestId('bulletin-popup')).toBeNull();
  });

  it('shows title and sanitized content once a visit: returning to home does not bring it back, the next visit does', async () => {
    const { unmount } = render(<BulletinPopup popup={popup} />);
    expect(screen.getByRole('dialog', { name: 'Maintenance' })).toBeTruthy();
    expect(screen.getByText('Sunday')).toBeTruthy();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('bulletin-popup')).toBeNull();
    expect(isPopupHiddenOn(new Date())).toBe(false);
    // Away from home and back, in the same visit.
    unmount();
    const again = render(<BulletinPopup popup={popup} />);
    expect(screen.queryByTestId('bulletin-popup')).toBeNull();
    again.unmount();
    // A new visit (a reload, the app opened again) shows it again.
    const NextVisit = await newVisit();
    render(<NextVisit popup={popup} />);
    expect(screen.getByTestId('bulletin-popup')).toBeTruthy();
  });

  it('counts as shown even when home is left with it still open', () => {
    const { unmount } = render(<BulletinPopup popup={popup} />);
    expect(screen.getByTestId('bulletin-popup')).toBeTruthy();
    unmount();
    render(<BulletinPopup popup={popup} />);
    expect(screen.queryByTestId('bulletin-popup')).toBeNull();
  });

  it("saves don't-show-today for today's date and stays hidden, in a new visit too", async () => {
    const { unmount } = render(<BulletinPopup popup={popup} />);
    fireEvent.click(screen.getByLabelText("Don't show again today"));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(isPopupHiddenOn(new Date())).toBe(true);
    unmount();
    const NextVisit = await newVisit();
    render(<NextVisit popup={popup} />);
    expect(screen.queryByTestId('bulletin-popup')).toBeNull();
  });

  it('shows again on a later day', () => {
    hidePopupFor(new Date(2020, 0, 1));
    render(<BulletinPopup popup={popup} />);
    expect(screen.getByTestId('bulletin-popup')).toBeTruthy();
  });
});
