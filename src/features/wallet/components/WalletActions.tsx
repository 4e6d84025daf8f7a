import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { openGatedEntry } from '../../../lib/gated-entry.ts';
import { isOn, useSiteSettings } from '../../../lib/site-settings.ts';
import styles from './wallet.module.css';

/**
 * The money entries under the assets total: deposit and withdraw (their route while the status
 * switch is 1, else customer service: docs/product-rules.md#routes-and-access), transfer between accounts and flash exchange (shown
 * while their switch is on).
 */
export function WalletActions() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const contact = t('common.contactService');
  return (
    <nav className={styles.actions} aria-label={t('wallet.assets.actions')}>
      <button
        type="button"
        className={styles.action}
        onClick={() => openGatedEntry(settings, 'recharge_status', '/recharge', contact)}
      >
        {t('wallet.assets.deposit')}
      </button>
      <button
        type="button"
        className={styles.action}
        onClick={() => openGatedEntry(settings, 'withdrawal_status', '/withdrawal', contact)}
      >
        {t('wallet.assets.withdraw')}
      </button>
      {isOn(settings, 'account_transfer_status') && (
        <Link href="/changemoney" className={styles.action}>
          {t('wallet.assets.transfer')}
        </Link>
      )}
      {isOn(settings, 'flash_exchange_status') && (
        <Link href="/exchangeb" className={styles.action}>
          {t('wallet.assets.exchange')}
        </Link>
      )}
    </nav>
  );
}
