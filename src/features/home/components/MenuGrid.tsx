import { memo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { IconOptions, type IconProps } from '../../../components/ui/icons.tsx';
import { openGatedEntry, type GatedStatus } from '../../../lib/gated-entry.ts';
import type { SiteSettings } from '../../../lib/site-settings.ts';
import { visibleTiles } from '../api/home-rules.ts';
import {
  IconAccounts,
  IconLoan,
  IconMining,
  IconRecharge,
  IconSend,
  IconStaking,
  IconSupport,
  IconSwap,
  IconWithdraw,
} from './tile-icons.tsx';
import styles from './home-content.module.css';

/** The icon of each optional tile (home-rules.ts OPTIONAL_TILES keys). */
const TILE_ICONS: Readonly<Record<string, ComponentType<IconProps>>> = {
  exchangeb: IconSwap,
  loans: IconLoan,
  lockming: IconMining,
  staking: IconStaking,
  transfer: IconSend,
  changemoney: IconAccounts,
};

const ICON_SIZE = 24;

/** The menu grid (docs/product-rules.md#home): the large options tile, recharge and withdrawal, and the switched tiles, each with its icon. */
export const MenuGrid = memo(function MenuGrid({ settings }: { settings: SiteSettings | null }) {
  const { t } = useTranslation();
  const gated = (status: GatedStatus, href: string) => () =>
    openGatedEntry(settings, status, href, t('home.menu.contactService'));
  return (
    <nav className={styles.menu} aria-label={t('home.menu.label')} data-testid="menu-grid">
      <Link href="/options" className={`${styles.tile} ${styles.bigTile}`}>
        <IconOptions size={32} />
        <strong>{t('home.menu.options')}</strong>
        <span className={styles.tileHint}>{t('home.menu.optionsHint')}</span>
      </Link>
      <button type="button" className={styles.tile} onClick={gated('recharge_status', '/recharge')}>
        <IconRecharge size={ICON_SIZE} className={styles.tileIcon} />
        {t('home.menu.recharge')}
      </button>
      <button type="button" className={styles.tile} onClick={gated('withdrawal_status', '/withdrawal')}>
        <IconWithdraw size={ICON_SIZE} className={styles.tileIcon} />
        {t('home.menu.withdrawal')}
      </button>
      {settings?.custom_service && (
        <a className={styles.tile} href={settings.custom_service} target="_blank" rel="noopener noreferrer">
          <IconSupport size={ICON_SIZE} className={styles.tileIcon} />
          {t('home.menu.support')}
        </a>
      )}
      {visibleTiles(settings).map((tile) => {
        const Icon = TILE_ICONS[tile.key];
        return (
          <Link key={tile.key} href={tile.href} className={styles.tile}>
            {Icon && <Icon size={ICON_SIZE} className={styles.tileIcon} />}
            {t(tile.labelKey)}
          </Link>
        );
      })}
    </nav>
  );
});
