import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe } from 'valtio';
import type { AlertEvent } from '../../../../common/protocol.ts';
import { alertEvents$, setEngineAlerts } from '../../../lib/engine-client.ts';
import { formatTrim } from '../../../lib/money.ts';
import { showToast } from '../../../lib/toast.ts';
import { activeAlerts, alertsStore, applyAlertEvent, initAlerts, type StoredAlert } from '../stores/alerts-store.ts';

/** Shows a system notification when the user has allowed them; through the service worker where there is one (phones require it). */
async function notifySystem(title: string, body: string, tag: string): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const options: NotificationOptions = {
    body,
    tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-maskable-192.png',
  };
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration) await registration.showNotification(title, options);
  else new Notification(title, options);
}

/**
 * The shell's side of price alerts: loads the stored alerts, hands the market worker the
 * active ones on every change, and when one fires updates the list and says so: a toast with the
 * pair and price, and a system notification when allowed. Mounted once by the app shell.
 */
export function useAlertBridge(): void {
  const { t } = useTranslation();
  useEffect(() => {
    initAlerts();
    let sent = '';
    const send = () => {
      const active = activeAlerts(alertsStore.items);
      const key = JSON.stringify(active);
      if (key === sent) return;
      sent = key;
      void setEngineAlerts(active).catch((error: unknown) =>
        console.error('[alerts] the worker refused the list:', error),
      );
    };
    send();
    const stopSending = subscribe(alertsStore, send);
    const events = alertEvents$.subscribe((event: AlertEvent) => {
      const alert: StoredAlert | null = applyAlertEvent(event);
      if (!alert || event.kind !== 'fired') return;
      const vars = { pair: alert.title, price: formatTrim(event.price, 8), level: formatTrim(alert.level, 8) };
      const message = t(alert.direction === 'above' ? 'alerts.fired.above' : 'alerts.fired.below', vars);
      showToast(message, 'info');
      void notifySystem(t('alerts.fired.title', { pair: alert.title }), message, alert.id).catch(() => undefined);
    });
    return () => {
      stopSending();
      events.unsubscribe();
    };
  }, [t]);
}
