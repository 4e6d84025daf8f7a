import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { IconChevronRight, IconInfo } from '../../../components/ui/icons.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { isOff, useSiteSettings } from '../../../lib/site-settings.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { getContentList, type ContentEntry } from '../api/get-content-list.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { StatusPanel } from './StatusPanel.tsx';
import styles from './profile.module.css';

/**
 * About us (docs/product-rules.md#about-us): the content entries of getContentList; tapping one opens a popup
 * with its title, image and HTML content, sanitized as notices are. Closed while introduce_switch
 * is off (the member panel hides the entry then too).
 */
export function IntroductionPage() {
  const { t } = useTranslation();
  const listTexts = useListTexts();
  const settings = useSiteSettings();
  const entries = useLoaded(getContentList, []);
  const [open, setOpen] = useState<ContentEntry | null>(null);
  const closed = isOff(settings, 'introduce_switch');

  let body;
  if (closed) {
    body = (
      <div className={styles.content}>
        <StatusPanel icon={<IconInfo />} title={t('profile.about.closed')} testId="about-status" />
      </div>
    );
  } else if (!entries.data) {
    body =
      entries.state === 'failed' ? (
        <LoadFailed onRetry={entries.reload} />
      ) : (
        <div className={styles.listSkeletons} aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={48} />
          ))}
        </div>
      );
  } else if (entries.data.length === 0) {
    body = <ListStatus state="empty" texts={listTexts} />;
  } else {
    body = (
      <ul className={styles.list}>
        {entries.data.map((entry, index) => (
          <li key={entry.id ?? index}>
            <button type="button" className={styles.entry} onClick={() => setOpen(entry)} data-testid="about-entry">
              <span className={styles.entryIcon}>
                <IconInfo size={20} />
              </span>
              <span className={styles.entryTitle}>{entry.title}</span>
              <IconChevronRight className={styles.chevron} size={18} />
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('route.introduction')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      {body}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title ?? ''}
        closeLabel={t('common.close')}
        testId="about-dialog"
      >
        {open && (
          // The operator's content may be in another language than the app: it takes its own direction.
          <article className={styles.entryDetail} dir="auto">
            {open.img && <img className={styles.entryImage} src={open.img} alt="" loading="lazy" />}
            <SafeHtml html={open.content} testId="about-content" />
          </article>
        )}
      </Dialog>
    </div>
  );
}
