import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { showToast } from '../../../lib/toast.ts';
import styles from './wallet.module.css';

/**
 * What a money screen shows instead of its form while the operator has closed it: why, and a
 * contact-service button that opens the customer-service link, or says to contact customer service
 * when there is none (spec §2).
 */
export function ClosedNotice({ message, inline = false }: { message: string; /** Inside a form: no margin of its own. */ inline?: boolean }) {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const contact = () => {
    if (settings?.custom_service) window.open(settings.custom_service, '_blank', 'noopener');
    else showToast(t('common.contactService'), 'error');
  };
  return (
    <div className={[styles.notice, inline ? styles.noticeInline : ''].join(' ')} role="status" data-testid="closed-notice">
      <p>{message}</p>
      <Button variant="secondary" onClick={contact}>
        {t('wallet.form.contactService')}
      </Button>
    </div>
  );
}
