import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { showToast } from '../../lib/toast.ts';
import { Button } from './Button.tsx';
import styles from './closed-notice.module.css';

/**
 * What a screen shows instead of its form or product list while the operator has closed it (the
 * server refuses it too): why, and a contact-service button that opens the customer-service link,
 * or says to contact customer service when there is none.
 */
export function ClosedNotice({
  message,
  inline = false,
}: {
  message: string;
  /** Inside a form: no margin of its own. */ inline?: boolean;
}) {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const contact = () => {
    if (settings?.custom_service) window.open(settings.custom_service, '_blank', 'noopener');
    else showToast(t('common.contactService'), 'error');
  };
  return (
    <div className={[styles.notice, inline ? styles.inline : ''].join(' ')} role="status" data-testid="closed-notice">
      <p>{message}</p>
      <Button variant="secondary" onClick={contact}>
        {t('wallet.form.contactService')}
      </Button>
    </div>
  );
}
