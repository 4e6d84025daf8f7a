import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online.ts';
import { Button, type ButtonProps } from './Button.tsx';
import styles from './send-button.module.css';

/**
 * The button that sends an order or moves money. While the app cannot reach its server it is
 * disabled and says why beneath itself, so a tap is never lost or queued behind the user's back.
 */
export function SendButton({ disabled, ...button }: ButtonProps) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <>
      <Button {...button} disabled={disabled || !online} />
      {!online && (
        <p className={styles.offline} role="status" data-testid="send-offline">
          {t('send.offline')}
        </p>
      )}
    </>
  );
}
