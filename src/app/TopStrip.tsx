import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublishedHeight } from '../components/ui/use-published-height.ts';
import { notifyEngineOnline } from '../lib/engine-client.ts';
import { useOnline } from '../lib/online.ts';
import { loadSiteSettings, site } from '../lib/site-settings.ts';
import { showToast } from '../lib/toast.ts';
import { QaBar } from './QaBar.tsx';
import styles from './top-strip.module.css';

/** While offline, the server is asked this often whether it can be reached again. */
const PROBE_MS = 5000;

/**
 * Says the app is offline: it opened from the service worker's cache or lost the network.
 * Prices on screen are then the last known ones (marked where they show). Meanwhile the site
 * settings are loaded again every few seconds (at once when the browser reports its network back):
 * the first answer ends the offline state, and the market worker reconnects by itself.
 */
function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (online) return;
    wasOffline.current = true;
    const probe = () => void loadSiteSettings();
    const timer = setInterval(probe, PROBE_MS);
    window.addEventListener('online', probe);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', probe);
    };
  }, [online]);
  useEffect(() => {
    if (!online || !wasOffline.current) return;
    wasOffline.current = false;
    notifyEngineOnline();
    if (site.failed) void loadSiteSettings();
    showToast(t('offline.back'), 'success');
  }, [online, t]);
  if (online) return null;
  return (
    <p className={styles.offline} role="status" data-testid="offline-notice">
      <strong>{t('offline.title')}</strong> {t('offline.body')}
    </p>
  );
}

/**
 * The shell's strip at the very top: the offline notice and the QA bar, each only when it applies.
 * It publishes its height (`--qa-bar-h`) so pages and sticky headers sit below it.
 */
export function TopStrip() {
  const ref = useRef<HTMLDivElement>(null);
  usePublishedHeight(ref, '--qa-bar-h');
  return (
    <div ref={ref} className={styles.strip}>
      <OfflineNotice />
      <QaBar />
    </div>
  );
}
