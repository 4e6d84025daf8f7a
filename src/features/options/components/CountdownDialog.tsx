import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionsOrder } from '../../../../workers/shared/protocol.ts';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import { useSettlingOrder } from '../hooks/use-settling-order.ts';
import type { ActiveOrder } from '../stores/options-store.ts';
import { CountdownRing } from './CountdownRing.tsx';
import { SettledResult } from './SettledResult.tsx';
import styles from './options.module.css';

/**
 * The order-confirmation popup (spec §2, §4): a circle filled by remaining over total, ticking every
 * second ("waiting to finish"); at zero "finishing" while the engine polls the order every 5 s;
 * then the result in the win or lose colour.
 */
export function CountdownDialog({ order, onClose }: { order: ActiveOrder; onClose(): void }) {
  const { t } = useTranslation();
  const remaining = useSecondsLeft(order.endsAt);
  const [settled, setSettled] = useState<OptionsOrder | null>(null);
  const latest = useSettlingOrder(order.orderId, remaining === 0 && !settled);
  useEffect(() => {
    if (latest && latest.status === 2) setSettled(latest);
  }, [latest]);
  const state = settled ? 'finished' : remaining > 0 ? 'waiting' : 'finishing';
  return (
    <Dialog open onClose={onClose} title={t(settled ? 'options.countdown.settled' : 'options.countdown.title')} closeLabel={t('common.close')} testId="option-countdown">
      <div className={styles.countdown} data-state={state}>
        <CountdownRing key={order.endsAt} total={order.total} endsAt={order.endsAt} remaining={remaining} label={t('options.countdown.remaining', { count: remaining })} />
        <p data-testid="countdown-state">
          {state === 'waiting' && t('options.state.waiting')}
          {state === 'finishing' && t('options.state.finishing')}
          {state === 'finished' && t('options.state.finished')}
        </p>
        {settled && <SettledResult order={settled} />}
      </div>
    </Dialog>
  );
}
