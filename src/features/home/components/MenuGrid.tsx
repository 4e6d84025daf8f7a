import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { IconOptions } from '../../../components/ui/icons.tsx';
import { openGatedEntry, type GatedStatus } from '../../../lib/gated-entry.ts';
import type { SiteSettings } from '../../../lib/site-settings.ts';
import { visibleTiles } from '../api/home-rules.ts';
import styles from './home-content.module.css';

/** The menu grid (spec §2 Home): the large options tile, recharge and withdrawal, and the switched tiles. */
export function MenuGrid({ settings }: { settings: SiteSettings | null }) {
  const { t } = useTranslation();
  const gated = (status: GatedStatus, href: string) => () => openGatedEntry(settings, status, href, t('home.menu.contactService'));
  return (
    <nav className={styles.menu} aria-label={t('home.menu.label')} data-testid="menu-grid">
      <Link href="/options" className={`${styles.tile} ${styles.bigTile}`}>
        <IconOptions size={32} />
        <strong>{t('home.menu.options')}</strong>
        <span className={styles.tileHint}>{t('home.menu.optionsHint')}</span>
      </Link>
      <button type="button" className={styles.tile} onClick={gated('recharge_status', '/recharge')}>
        {t('home.menu.recharge')}
      </button>
      <button type="button" className={styles.tile} onClick={gated('withdrawal_status', '/withdrawal')}>
        {t('home.menu.withdrawal')}
      </button>
      {settings?.custom_service && (
        <a className={styles.tile} href={settings.custom_service} target="_blank" rel="noopener noreferrer">
          {t('home.menu.support')}
        </a>
      )}
      {visibleTiles(settings).map((tile) => (
        <Link key={tile.key} href={tile.href} className={styles.tile}>
          {t(tile.labelKey)}
        </Link>
      ))}
    </nav>
  );
}
