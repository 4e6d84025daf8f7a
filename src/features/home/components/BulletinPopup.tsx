import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { hidePopupFor, isPopupHiddenOn } from '../../../lib/client-storage.ts';
import type { SitePopup } from '../../../lib/site-settings.ts';
import styles from './home-content.module.css';

/**
 * Whether the bulletin has shown in this visit (the page's life; a reload is a new visit). Home is
 * mounted again on each return to it, and brought the same bulletin back every time.
 */
let shownThisVisit = false;

/**
 * The bulletin popup: shown once a visit when a popup title exists and
 * don't-show-today is not saved for today.
 */
export function BulletinPopup({ popup }: { popup: SitePopup | null | undefined }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(() => shownThisVisit || isPopupHiddenOn(new Date()));
  const [hideToday, setHideToday] = useState(false);
  const showing = Boolean(popup?.title) && !closed;
  useEffect(() => {
    if (showing) shownThisVisit = true;
  }, [showing]);
  if (!popup?.title || closed) return null;
  const close = () => {
    if (hideToday) hidePopupFor(new Date());
    setClosed(true);
  };
  return (
    <Dialog open onClose={close} title={popup.title} closeLabel={t('common.close')} testId="bulletin-popup">
      {popup.img && <img className={styles.popupImage} src={popup.img} alt="" />}
      {popup.content && <SafeHtml html={popup.content} />}
      <Checkbox
        label={t('home.popup.hideToday')}
        checked={hideToday}
        onChange={(e) => setHideToday(e.target.checked)}
      />
      <Button block onClick={close}>
        {t('home.popup.ok')}
      </Button>
    </Dialog>
  );
}
