import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../components/ui/Button.tsx';
import { Dialog } from '../components/ui/Dialog.tsx';
import { logoutUser } from '../features/account/api/logout-user.ts';
import { IdleWatch, readSharedActivity, writeSharedActivity } from '../lib/idle-watch.ts';
import { session, signOut } from '../lib/session.ts';
import { useSiteSettings } from '../lib/site-settings.ts';
import { whenIdle } from '../lib/use-when-idle.ts';
import { showToast } from '../lib/toast.ts';
import styles from './idle-guard.module.css';

/** The site default (site-config.default.json) until the settings have arrived. */
const DEFAULT_IDLE_MINUTES = 30;
/** What counts as input; captured on window so scrolls of inner lists count too. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

function useSecondsUntil(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * The idle session time-out: with a token, after the site's `idle_timeout_minutes`
 * (default 30, 0 off) without input the app asks whether the user is still there and logs out a
 * minute later without an answer. Closing the question (Escape, backdrop, back) answers "stay".
 * Logging out clears the token without a reload: the route guard sends screens that need a login
 * to /login, and the market screens (home, markets) go on for the anonymous visitor.
 */
export function IdleGuard() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const settings = useSiteSettings();
  const minutes = settings?.idle_timeout_minutes ?? DEFAULT_IDLE_MINUTES;
  const [deadline, setDeadline] = useState<number | null>(null);
  const watchRef = useRef<IdleWatch | null>(null);
  const seconds = useSecondsUntil(deadline);

  const logOut = (automatic: boolean) => {
    watchRef.current?.stop();
    setDeadline(null);
    // The server is told when it can be; the token is forgotten here either way.
    logoutUser().catch(() => undefined);
    signOut();
    showToast(automatic ? t('idle.loggedOut', { count: minutes }) : t('idle.loggedOutNow'), 'info');
  };
  const logOutRef = useRef(logOut);
  logOutRef.current = logOut;

  useEffect(() => {
    if (!token || !(minutes > 0)) return;
    // Storage is written when the page is idle: a write in a tap's pointerdown delays the tap's answer.
    let cancelWrite = () => {};
    const watch = new IdleWatch({
      idleMs: minutes * 60_000,
      readShared: readSharedActivity,
      writeShared: (at) => {
        cancelWrite();
        cancelWrite = whenIdle(() => writeSharedActivity(at));
      },
      onWarn: setDeadline,
      onActive: () => setDeadline(null),
      onTimeout: () => logOutRef.current(true),
    });
    watchRef.current = watch;
    const onInput = () => watch.activity();
    const onVisible = () => {
      if (document.visibilityState === 'visible') watch.check();
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      watch.stop();
      watchRef.current = null;
      setDeadline(null);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token, minutes]);

  const stay = () => {
    setDeadline(null);
    watchRef.current?.confirm();
  };

  return (
    <Dialog
      open={deadline !== null}
      onClose={stay}
      title={t('idle.title')}
      closeLabel={t('common.close')}
      testId="idle-dialog"
    >
      <p className={styles.body} data-testid="idle-countdown">
        {t('idle.body', { count: seconds })}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => logOut(false)}>
          {t('idle.logout')}
        </Button>
        <Button onClick={stay}>{t('idle.stay')}</Button>
      </div>
    </Dialog>
  );
}
