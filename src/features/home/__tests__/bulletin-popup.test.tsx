import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hidePopupFor, isPopupHiddenOn } from '../../../lib/client-storage.ts';
import { BulletinPopup } from '../components/BulletinPopup.tsx';

const popup = { title: 'Maintenance', content: '<p>Sunday</p><script>window.__pwned=1</script>' };

describe('bulletin popup', () => {
  it('is not shown without a title', () => {
    render(<BulletinPopup popup={{ content: 'x' }} />);
    expect(screen.queryByTestId('bulletin-popup')).toBeNull();
  });

  it('shows title and sanitized content, and closing without the tick keeps it for next time', () => {
    const { unmount } = render(<BulletinPopup popup={popup} />);
    expect(screen.getByRole('dialog', { name: 'Maintenance' })).toBeTruthy();
    expect(screen.getByText('Sunday')).toBeTruthy();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('bulletin-popup')).toBeNull();
    expect(isPopupHiddenOn(new Date())).toBe(false);
    unmount();
    render(<BulletinPopup popup={popup} />);
    expect(screen.getByTestId('bulletin-popup')).toBeTruthy();
  });

  it("saves don't-show-today for today's date and stays hidden", () => {
    const { unmount } = render(<BulletinPopup popup={popup} />);
    fireEvent.click(screen.getByLabelText("Don't show again today"));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(isPopupHiddenOn(new Date())).toBe(true);
    unmount();
    render(<BulletinPopup popup={popup} />);
    expect(screen.queryByTestId('bulletin-popup')).toBeNull();
  });

  it('shows again on a later day', () => {
    hidePopupFor(new Date(2020, 0, 1));
    render(<BulletinPopup popup={popup} />);
    expect(screen.getByTestId('bulletin-popup')).toBeTruthy();
  });
});
