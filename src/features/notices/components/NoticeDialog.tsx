import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { useFormats } from '../../../lib/format.ts';
import type { Notice } from '../api/get-notice-list.ts';
import styles from './notices.module.css';

export interface NoticeDialogProps {
  notice: Notice | null;
  onClose(): void;
}

/** A notice's popup: title, time, optional image and its HTML content, sanitized. */
export function NoticeDialog({ notice, onClose }: NoticeDialogProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <Dialog
      open={notice !== null}
      onClose={onClose}
      title={notice?.title ?? ''}
      closeLabel={t('common.close')}
      testId="notice-dialog"
    >
      {notice && (
        <article className={styles.detail}>
          <time className={styles.time}>
            <bdi dir="ltr">{formats.serverTime(notice.addtime)}</bdi>
          </time>
          {notice.imgs && <img className={styles.image} src={notice.imgs} alt="" loading="lazy" />}
          <SafeHtml html={notice.content} testId="notice-content" />
        </article>
      )}
    </Dialog>
  );
}
