import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useFormats } from '../../../lib/format.ts';
import { goBack } from '../../../lib/navigation.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { getSessions, revokeOtherSessions, revokeSession, type SessionItem } from '../api/sessions.ts';
import { deviceLabel } from './device-label.ts';
import styles from './sessions.module.css';

/** What ends after a confirmation: one session, or every one but this device's. */
type Ending = { session: SessionItem } | 'others';

/**
 * The devices signed in to the account (docs/account-protection.md#sessions-and-sign-in-history):
 * each with its browser, system, address, sign-in and last activity, this device marked. Ending one
 * (or all the others) asks first; the ended device lands on the login screen at its next call.
 */
export function SessionsPage() {
  const { t } = useTranslation();
  const format = useFormats();
  const listTexts = useListTexts();
  const sessions = useLoaded(getSessions, [], (data) => data.list.length === 0);
  const [ending, setEnding] = useState<Ending | null>(null);
  const { busy, run } = useSubmit();
  const list = sessions.data?.list ?? [];
  const others = list.filter((s) => s.current === 0).length;

  const confirm = () => {
    if (!ending) return;
    void run(
      'end',
      () => (ending === 'others' ? revokeOtherSessions() : revokeSession(ending.session.id)),
      () => {
        setEnding(null);
        sessions.reload();
      },
    );
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('security.sessions.title')}
        backLabel={t('common.back')}
        onBack={() => goBack('/security')}
      />
      <div className={styles.content}>
        <p className={styles.intro}>{t('security.sessions.intro')}</p>
        {list.length > 0 && (
          <ul className={styles.list} aria-label={t('security.sessions.title')} data-testid="session-list">
            {list.map((session) => (
              <li key={session.id}>
                <article className={styles.card} data-testid="session" data-current={session.current}>
                  <div className={styles.cardHead}>
                    <h2 className={styles.device}>
                      <bdi>{deviceLabel(t, session)}</bdi>
                    </h2>
                    {session.current === 1 && (
                      <span className={[styles.badge, styles.badgeCurrent].join(' ')} data-testid="session-current">
                        {t('security.sessions.thisDevice')}
                      </span>
                    )}
                  </div>
                  <DetailList
                    rows={[
                      { label: t('security.sessions.ip'), value: <bdi dir="ltr">{session.ip || '-'}</bdi> },
                      {
                        label: t('security.sessions.signedIn'),
                        value: <bdi dir="ltr">{format.dateTime(session.created_at_ms)}</bdi>,
                      },
                      {
                        label: t('security.sessions.lastActive'),
                        value: <bdi dir="ltr">{format.dateTime(session.last_active_at_ms)}</bdi>,
                      },
                    ]}
                  />
                  {session.current === 0 && (
                    <div className={styles.actions}>
                      <Button
                        variant="secondary"
                        onClick={() => setEnding({ session })}
                        disabled={busy !== null}
                        data-testid="session-revoke"
                      >
                        {t('security.sessions.end')}
                      </Button>
                    </div>
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
        <ListStatus state={sessions.state} texts={listTexts} onRetry={sessions.reload} />
        {others > 0 && (
          <Button variant="danger" block onClick={() => setEnding('others')} data-testid="session-revoke-others">
            {t('security.sessions.endOthers')}
          </Button>
        )}
      </div>
      <ConfirmSheet
        open={ending !== null}
        title={t(ending === 'others' ? 'security.sessions.endOthersTitle' : 'security.sessions.endTitle')}
        confirmLabel={t(ending === 'others' ? 'security.sessions.endOthers' : 'security.sessions.end')}
        busy={busy !== null}
        onConfirm={confirm}
        onClose={() => setEnding(null)}
        rows={
          ending && ending !== 'others'
            ? [
                { label: t('security.sessions.device'), value: <bdi>{deviceLabel(t, ending.session)}</bdi> },
                { label: t('security.sessions.ip'), value: <bdi dir="ltr">{ending.session.ip || '-'}</bdi> },
              ]
            : undefined
        }
        testId="session-end"
      >
        <p>
          {t(ending === 'others' ? 'security.sessions.endOthersText' : 'security.sessions.endText', { count: others })}
        </p>
      </ConfirmSheet>
    </div>
  );
}
