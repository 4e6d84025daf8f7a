import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { IconBell, IconChevronRight, IconClose } from '../../../components/ui/icons.tsx';
import type { Notice } from '../api/get-notice-list.ts';
import styles from './notices.module.css';

export interface NoticeBannerCardProps {
  notice: Notice;
  onClose(): void;
  onOpenList(): void;
}

/**
 * The banner itself, in the page's flow above the screen: the page makes room for it, so
 * it covers nothing the user needs, and scrolls away with the page. A chunk of its own: it brings
 * the HTML sanitizer, which the first screen of a visitor without notices never needs.
 */
export default function NoticeBannerCard({ notice, onClose, onOpenList }: NoticeBannerCardProps) {
  const { t } = useTranslation();
  return (
    <section className={styles.banner} aria-label={t('shell.notice.label')} data-testid="notice-banner">
      <span className={styles.bannerIcon}>
        <IconBell size={20} />
      </span>
      <div className={styles.bannerBody}>
        <strong className={styles.bannerTitle} dir="auto">
          {notice.title}
        </strong>
        <SafeHtml html={notice.content} className={styles.bannerContent} testId="notice-banner-content" />
      </div>
      <button type="button" className={styles.bannerButton} onClick={onOpenList} aria-label={t('shell.notice.viewAll')}>
        <IconChevronRight className={styles.chevron} size={20} />
      </button>
      <button type="button" className={styles.bannerButton} onClick={onClose} aria-label={t('shell.notice.close')}>
        <IconClose size={18} />
      </button>
    </section>
  );
}
