import { act, render, screen } from '@testing-library/react';
import type { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { MarketItem } from '../../../../common/protocol.ts';
import type * as HomeRules from '../api/home-rules.ts';
import { HomeScreen } from '../components/HomeScreen.tsx';

const markets = vi.hoisted(() => ({ list: null as Subject<MarketItem[]> | null }));
vi.mock('../../../lib/engine-client.ts', async () => {
  const { Subject } = await import('rxjs');
  markets.list = new Subject<MarketItem[]>();
  return { engineStream: () => markets.list };
});
vi.mock('../api/get-banners.ts', () => ({ arrivedBanners: () => [], takeBanners: () => new Promise(() => undefined) }));

// The real rules, counted: each call is one render of the menu grid or of the ranking.
const rules = vi.hoisted(() => ({ visibleTiles: vi.fn(), ranking: vi.fn() }));
vi.mock('../api/home-rules.ts', async (importOriginal) => {
  const real = await importOriginal<typeof HomeRules>();
  rules.visibleTiles.mockImplementation(real.visibleTiles);
  rules.ranking.mockImplementation(real.ranking);
  return { ...real, visibleTiles: rules.visibleTiles, ranking: rules.ranking };
});

const item = (symbol: string, close: string, change: string): MarketItem => ({
  id: 1,
  symbol,
  title: `${symbol.slice(0, 3).toUpperCase()}/USDT`,
  close,
  change,
  logo: '',
  hamount: '0',
  coinname: symbol.slice(0, 3),
  trade_coin: 'usdt',
});

describe('home screen', () => {
  it('renders a market list that arrives in its cards and ranking, and nothing else of the screen again', async () => {
    render(<HomeScreen onOpenPanel={() => undefined} />);
    const menuRenders = rules.visibleTiles.mock.calls.length;
    expect(menuRenders).toBeGreaterThan(0);
    expect(rules.ranking).not.toHaveBeenCalled();

    await act(async () =>
      markets.list!.next([item('btcusdt', '64000.5', '+1.20'), item('ethusdt', '3100.25', '-0.40')]),
    );
    expect(screen.getByTestId('ranking').querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByTestId('market-carousel').textContent).toContain('3100.25');

    await act(async () =>
      markets.list!.next([item('btcusdt', '64001.0', '+1.21'), item('ethusdt', '3100.75', '-0.39')]),
    );
    expect(screen.getByTestId('market-carousel').textContent).toContain('3100.75');
    expect(rules.ranking).toHaveBeenCalled();
    // The menu grid rendered only with the screen: the market updates passed it by.
    expect(rules.visibleTiles).toHaveBeenCalledTimes(menuRenders);
  });
});
