import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BannerCarousel } from '../components/BannerCarousel.tsx';

const banners = vi.hoisted(() => [
  { id: 1, img: 'data:image/svg+xml,first' },
  { id: 2, img: 'data:image/svg+xml,second' },
  { id: 3, img: 'data:image/svg+xml,third' },
]);

vi.mock('../api/get-banners.ts', () => ({
  arrivedBanners: () => banners,
  takeBanners: () => Promise.resolve(banners),
}));

const shownSources = () =>
  [...screen.getByTestId('banners').querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('banner carousel', () => {
  it('paints the first banner at once and the others once the page is idle', async () => {
    render(<BannerCarousel />);
    expect(shownSources()).toEqual(['data:image/svg+xml,first']);
    // Every slide keeps its place in the track meanwhile, so the dots and the autoplay line up.
    expect(screen.getByTestId('banners').firstElementChild?.children).toHaveLength(3);
    await waitFor(() => expect(shownSources()).toEqual(banners.map((banner) => banner.img)));
  });

  it('shows a banner whose dot is chosen before the page is idle', () => {
    render(<BannerCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 3' }));
    expect(shownSources()).toEqual(['data:image/svg+xml,first', 'data:image/svg+xml,third']);
  });
});
