import type { MarketItem } from '../../../../common/protocol.ts';
import { isOn, type SiteSettings, type SwitchName } from '../../../lib/site-settings.ts';
import { toBig } from '../../../lib/money.ts';

/** The optional menu tiles (docs/product-rules.md#home) and the switch that shows each. */
export const OPTIONAL_TILES: readonly { key: string; href: string; labelKey: string; switchName: SwitchName }[] = [
  { key: 'exchangeb', href: '/exchangeb', labelKey: 'home.menu.exchangeb', switchName: 'flash_exchange_status' },
  { key: 'loans', href: '/loans', labelKey: 'home.menu.loans', switchName: 'loan_switch' },
  { key: 'lockming', href: '/lockming', labelKey: 'home.menu.lockming', switchName: 'machine_switch' },
  { key: 'staking', href: '/staking', labelKey: 'home.menu.staking', switchName: 'staking_switch' },
  { key: 'transfer', href: '/transfer', labelKey: 'home.menu.transfer', switchName: 'Internal_transfer_status' },
  {
    key: 'changemoney',
    href: '/changemoney',
    labelKey: 'home.menu.changemoney',
    switchName: 'account_transfer_status',
  },
];

/** The optional tiles whose switch is on. */
export function visibleTiles(settings: SiteSettings | null) {
  return OPTIONAL_TILES.filter((tile) => isOn(settings, tile.switchName));
}

/** The rising (largest change first) or falling (smallest first) ranking of the market list. */
export function ranking(items: readonly MarketItem[], order: 'rise' | 'fall'): MarketItem[] {
  const value = (item: MarketItem) => toBig(item.change);
  return items
    .filter((item) => value(item) !== null)
    .slice()
    .sort((a, b) => {
      const diff = (value(b) as NonNullable<ReturnType<typeof value>>).cmp(
        value(a) as NonNullable<ReturnType<typeof value>>,
      );
      return order === 'rise' ? diff : -diff;
    });
}
