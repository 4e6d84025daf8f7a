import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PagedList } from '../../../components/ui/PagedList.tsx';
import { useFormats } from '../../../lib/format.ts';
import { goBack } from '../../../lib/navigation.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { getSignIns, type SignInItem, type SignInReason } from '../api/sign-ins.ts';
import { deviceLabel } from './device-label.ts';
import styles from './sessions.module.css';

const REASON: Record<SignInReason, string> = {
  ok: 'security.signIns.ok',
  wrong_password: 'security.signIns.wrongPassword',
  wrong_code: 'security.signIns.wrongCode',
  locked: 'security.signIns.locked',
};

/** The account's sign-in attempts of the last 90 days, newest first; a failed one is marked in words and colour. */
export function SignInHistoryPage() {
  const { t } = useTranslation();
  const format = useFormats();
  const list = usePagedList(getSignIns, [], (row: SignInItem) => row.id);
  return (
    <div className={styles.page}>
      <PageHeader title={t('security.signIns.title')} backLabel={t('common.back')} onBack={() => goBack('/security')} />
      <div className={styles.content}>
        <p className={styles.intro}>{t('security.signIns.intro')}</p>
        <PagedList
          className={styles.pagedList}
          list={list}
          keyOf={(row) => row.id}
          renderRow={(row) => (
            <article
              className={[styles.card, row.ok ? '' : styles.failed].join(' ')}
              data-testid="sign-in"
              data-ok={row.ok}
            >
              <div className={styles.cardHead}>
                <h2 className={styles.device}>
                  <bdi>{deviceLabel(t, row)}</bdi>
                </h2>
                <span className={[styles.badge, row.ok ? styles.badgeOk : styles.badgeFailed].join(' ')}>
                  {t(REASON[row.reason])}
                </span>
              </div>
              <DetailList
                rows={[
                  { label: t('security.signIns.at'), value: <bdi dir="ltr">{format.dateTime(row.at_ms)}</bdi> },
                  { label: t('security.sessions.ip'), value: <bdi dir="ltr">{row.ip || '-'}</bdi> },
                ]}
              />
            </article>
          )}
          releaseText={t('common.releaseToRefresh')}
          rowHeight={120}
          label={t('security.signIns.title')}
          testId="sign-in-list"
        />
      </div>
    </div>
  );
}
