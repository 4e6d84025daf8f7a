import { useTranslation } from 'react-i18next';
import { IconEye, IconEyeOff } from '../../../components/ui/icons.tsx';
import { toggleHideAmounts, useHideAmounts } from '../stores/wallet-store.ts';
import styles from './wallet.module.css';

/** The eye of the assets screens: hides every amount as **** and remembers it (docs/product-rules.md#assets). */
export function EyeToggle() {
  const { t } = useTranslation();
  const hidden = useHideAmounts();
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={hidden}
      aria-label={t('wallet.assets.hideAmounts')}
      onClick={toggleHideAmounts}
      data-testid="hide-amounts"
    >
      {hidden ? <IconEyeOff size={22} /> : <IconEye size={22} />}
    </button>
  );
}
