import { describe, expect, it } from 'vitest';
import { ALL_TAB, childTabs, type CurrencyTab } from '../api/get-currency-list.ts';

const groups: CurrencyTab[] = [
  {
    id: 1,
    currency_name: 'USDT',
    child: [
      { id: 2, currency_name: 'Main', child: [] },
      { id: 3, currency_name: 'Altcoins', child: [] },
    ],
  },
  { id: 4, currency_name: 'BTC', child: [] },
];

describe('currency tabs', () => {
  it('lists the children of the chosen group, none for All or an unknown group', () => {
    expect(childTabs(groups, 1).map((c) => c.currency_name)).toEqual(['Main', 'Altcoins']);
    expect(childTabs(groups, 4)).toEqual([]);
    expect(childTabs(groups, ALL_TAB)).toEqual([]);
    expect(childTabs(groups, 99)).toEqual([]);
  });
});
