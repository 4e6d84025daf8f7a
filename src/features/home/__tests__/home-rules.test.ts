import { describe, expect, it } from 'vitest';
import type { MarketItem } from '../../../../common/protocol.ts';
import type { SiteSettings } from '../../../lib/site-settings.ts';
import { gatedEntryAction as gatedTileAction } from '../../../lib/gated-entry.ts';
import { ranking, visibleTiles } from '../api/home-rules.ts';

const item = (symbol: string, change: string): MarketItem => ({
  id: 1,
  symbol,
  title: symbol.toUpperCase(),
  close: '1',
  change,
  logo: '',
  hamount: '0',
  coinname: symbol,
  trade_coin: 'USDT',
});

const settings = (overrides: Partial<SiteSettings>): SiteSettings => ({ ...({} as SiteSettings), ...overrides });

describe('home rules', () => {
  it('shows an optional tile only when its switch is 1', () => {
    expect(visibleTiles(null)).toEqual([]);
    const keys = visibleTiles(settings({ loan_switch: 1, staking_switch: 0, flash_exchange_status: 1 })).map(
      (t) => t.key,
    );
    expect(keys).toEqual(['exchangeb', 'loans']);
  });

  it('sends recharge/withdrawal to their route, to customer service, or to a toast (docs/product-rules.md#routes-and-access)', () => {
    expect(gatedTileAction(settings({ recharge_status: 1 }), 'recharge_status')).toBe('route');
    expect(
      gatedTileAction(settings({ recharge_status: 0, custom_service: 'https://help.example' }), 'recharge_status'),
    ).toBe('service');
    expect(gatedTileAction(settings({ withdrawal_status: 0 }), 'withdrawal_status')).toBe('toast');
  });

  it('ranks by change exactly, rising first or falling first, skipping unreadable changes', () => {
    const items = [
      item('a', '+1.50'),
      item('b', '-2.00'),
      item('c', '+10.25'),
      item('d', 'n/a'),
      item('e', '+1.5000001'),
    ];
    expect(ranking(items, 'rise').map((i) => i.symbol)).toEqual(['c', 'e', 'a', 'b']);
    expect(ranking(items, 'fall').map((i) => i.symbol)).toEqual(['b', 'a', 'e', 'c']);
  });
});
