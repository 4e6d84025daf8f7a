import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { WatchStar } from '../../components/ui/WatchStar.tsx';
import { initWatchlist, readWatchlist, toggleWatch, watchedItems, watchlist } from '../watchlist.ts';

describe('the watchlist', () => {
  beforeEach(() => {
    window.localStorage.clear();
    watchlist.symbols = [];
  });

  it('keeps starred pairs in the order they were starred, on the device, and forgets an unstarred one', () => {
    toggleWatch('ethusdt');
    toggleWatch('BTCUSDT');
    expect(watchlist.symbols).toEqual(['ethusdt', 'btcusdt']);
    toggleWatch('ethusdt');
    expect(watchlist.symbols).toEqual(['btcusdt']);
    expect(JSON.parse(window.localStorage.getItem('watchlist') ?? '')).toEqual(['btcusdt']);
    watchlist.symbols = [];
    initWatchlist();
    expect(watchlist.symbols).toEqual(['btcusdt']);
  });

  it('reads only well-formed symbols, each once, from what is stored', () => {
    expect(readWatchlist('["btcusdt","BTCUSDT","<script>",7,"ethusdt"]')).toEqual(['btcusdt', 'ethusdt']);
    expect(readWatchlist('{"btcusdt":1}')).toEqual([]);
    expect(readWatchlist('not json')).toEqual([]);
    expect(readWatchlist(null)).toEqual([]);
  });

  it('follows a change made in another tab', () => {
    initWatchlist();
    window.dispatchEvent(new StorageEvent('storage', { key: 'watchlist', newValue: '["solusdt"]' }));
    expect(watchlist.symbols).toEqual(['solusdt']);
  });

  it('picks the starred items out of a list in starring order, skipping pairs the list lacks', () => {
    const items = [{ symbol: 'btcusdt' }, { symbol: 'ethusdt' }, { symbol: 'solusdt' }];
    expect(watchedItems(items, ['solusdt', 'nopeusdt', 'btcusdt'])).toEqual([
      { symbol: 'solusdt' },
      { symbol: 'btcusdt' },
    ]);
  });

  it('the star says what it does and shows whether the pair is watched', async () => {
    render(<WatchStar symbol="btcusdt" title="BTC/USDT" />);
    const star = screen.getByRole('button', { name: 'Add BTC/USDT to favourites' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    act(() => fireEvent.click(star));
    expect(watchlist.symbols).toEqual(['btcusdt']);
    const pressed = await screen.findByRole('button', { name: 'Remove BTC/USDT from favourites' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
  });
});
