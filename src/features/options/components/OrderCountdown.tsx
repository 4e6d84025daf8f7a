import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import type { OptionsOrder } from '../../../../common/protocol.ts';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { IconClose } from '../../../components/ui/icons.tsx';
import { useDaySummary } from '../../../lib/market-hooks.ts';
import { formatFixed } from '../../../lib/money.ts';
import { useObservable } from '../../../lib/use-observable.ts';
import { runningResult } from '../api/option-rules.ts';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import { useSettlingOrder } from '../hooks/use-settling-order.ts';
import { settleCountdown, type ActiveOrder } from '../stores/options-store.ts';
import { CountdownRing } from './CountdownRing.tsx';
import type { DrawnClose } from './DaySummaryBar.tsx';
import { SettledResult } from './SettledResult.tsx';
import tone from '../../../components/ui/tone.module.css';
import styles from './options.module.css';

const RUNNING_KEYS = {
  win: 'options.running.winning',
  lose: 'options.running.losing',
  tie: 'options.running.even',
} as const;

/**
 * Where the running order stands at the last price: winning (its profit), losing (its stake) or even
 * (stake back), in the up, down or neutral colour. The price is the one the chart drew last for the
 * order's pair, else the pair's day close (the orders view has no chart). Apart from the card, so the
 * price's cadence (up to 10 a second) renders these few lines alone.
 */
const RunningResult = memo(function RunningResult({
  order,
  coin,
  decimals,
  drawnClose,
}: {
  order: ActiveOrder;
  coin: string;
  decimals: number;
  drawnClose: Observable<DrawnClose | null>;
}) {
  const { t } = useTranslation();
  const drawn = useObservable(drawnClose, null);
  const day = useDaySummary(order.symbol);
  const last = drawn?.symbol === order.symbol ? drawn.close : day?.close;
  const result = last
    ? runningResult({
        direction: order.direction,
        entry: order.entryPrice,
        last,
        stake: order.stake,
        percent: order.percent,
      })
    : null;
  const resultTone = result?.outcome === 'win' ? tone.up : result?.outcome === 'lose' ? tone.down : '';
  return (
    <>
      <p className={styles.runningPrices}>
        <span>
          {t('options.running.entry')}{' '}
          <bdi dir="ltr" className={styles.num} data-testid="running-entry">
            {formatFixed(order.entryPrice, decimals)}
          </bdi>
        </span>
        {last && (
          <span>
            {t('options.running.last')}{' '}
            <bdi dir="ltr" className={styles.num}>
              {formatFixed(last, decimals)}
            </bdi>
          </span>
        )}
      </p>
      {result && (
        <p
          className={`${styles.runningResult} ${resultTone}`}
          data-testid="running-result"
          data-outcome={result.outcome}
        >
          <span>{t(RUNNING_KEYS[result.outcome])}</span>{' '}
          <CoinAmount className={styles.num} amount={result.profit} coin={coin} />
        </p>
      )}
    </>
  );
});

export interface OrderCountdownProps {
  order: ActiveOrder;
  coin: string;
  /** The pair's price decimals, as the header shows its prices. */
  decimals: number;
  /** The close the chart has drawn last (the header's price). */
  drawnClose: Observable<DrawnClose | null>;
  onClose(): void;
}

/**
 * The running order, a card above the order buttons, so the chart stays in view: a
 * circle filled by remaining over total, ticking every second ("waiting to finish"), with the buy
 * price and where the order stands now; at zero "finishing" while the engine polls the order every
 * 5 s; then the settled result in the win or lose colour.
 */
export function OrderCountdown({ order, coin, decimals, drawnClose, onClose }: OrderCountdownProps) {
  const { t } = useTranslation();
  const remaining = useSecondsLeft(order.endsAt);
  const [settled, setSettled] = useState<OptionsOrder | null>(null);
  const latest = useSettlingOrder(order.orderId, remaining === 0 && !settled);
  useEffect(() => {
    if (latest?.status !== 2) return;
    setSettled(latest);
    settleCountdown();
  }, [latest]);
  const state = settled ? 'finished' : remaining > 0 ? 'waiting' : 'finishing';
  const title = t(settled ? 'options.countdown.settled' : 'options.countdown.title');
  return (
    <section className={styles.countdown} data-state={state} aria-label={title} data-testid="option-countdown">
      <div className={styles.countdownHead}>
        <CountdownRing
          key={order.endsAt}
          total={order.total}
          endsAt={order.endsAt}
          remaining={remaining}
          label={t('options.countdown.remaining', { count: remaining })}
        />
        <div className={styles.countdownBody}>
          <p className={styles.countdownTitle}>
            {/* While it runs the state says enough; the card's name stays "Order placed" for a screen reader. */}
            {settled && (
              <>
                <strong>{title}</strong>
                <span aria-hidden="true"> · </span>
              </>
            )}
            <span role="status" className={styles.countdownState} data-testid="countdown-state">
              {state === 'waiting' && t('options.state.waiting')}
              {state === 'finishing' && t('options.state.finishing')}
              {state === 'finished' && t('options.state.finished')}
            </span>
          </p>
          {!settled && <RunningResult order={order} coin={coin} decimals={decimals} drawnClose={drawnClose} />}
        </div>
        <button type="button" className={styles.countdownClose} onClick={onClose} aria-label={t('common.close')}>
          <IconClose size={20} />
        </button>
      </div>
      {settled && <SettledResult order={settled} />}
    </section>
  );
}
