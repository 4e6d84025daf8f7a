import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import type { DaySummary } from '../../../../common/protocol.ts';
import { useFormats } from '../../../lib/format.ts';
import { Big, formatFixed, percentChange, toBig } from '../../../lib/money.ts';
import { useDaySummary } from '../../../lib/market-hooks.ts';
import { useObservable } from '../../../lib/use-observable.ts';
import { FlashNumber } from '../../../components/ui/FlashNumber.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { ChangeText } from '../../../components/ui/ChangeText.tsx';
import styles from './options.module.css';

/** The larger of two decimals (the second may be missing). */
const max = (a: string, b: string | null): string => (b !== null && toBig(b)?.gt(new Big(a)) ? b : a);
const min = (a: string, b: string | null): string => (b !== null && toBig(b)?.lt(new Big(a)) ? b : a);

/** The close the chart has drawn last, and for which pair. */
export interface DrawnClose {
  symbol: string;
  close: string;
}

export interface DaySummaryBarProps {
  symbol: string;
  /** The pair's price decimals (money.ts shownDecimals: the 6 at most). */
  decimals: number;
  /** The close the chart has drawn last; while there is one, the header shows it (one price on the screen). */
  drawnClose: Observable<DrawnClose | null>;
}

/**
 * Day summary (docs/product-rules.md#options), polled every 5 s by the engine: close at the pair's decimals (6 at
 * most), change vs open, high/low 2 dp, volume 8 dp (compact when large). The close is the chart's
 * last drawn price once it has one, so header and chart label agree at every moment; the day's high
 * and low stretch to include it.
 */
export function DaySummaryBar({ symbol, decimals, drawnClose }: DaySummaryBarProps) {
  const { t } = useTranslation();
  // Translated once per language: each t() call costs i18next a key lookup and an interpolation pass.
  const labels = useMemo(
    () => ({
      section: t('options.summary.label'),
      high: t('options.summary.high'),
      low: t('options.summary.low'),
      volume: t('options.summary.volume'),
    }),
    [t],
  );
  const formats = useFormats();
  const day = useDaySummary(symbol);
  if (!day) return <Skeleton height={72} />;
  return (
    <section aria-label={labels.section} data-testid="day-summary">
      <LiveFigures
        symbol={symbol}
        decimals={decimals}
        drawnClose={drawnClose}
        day={day}
        labels={labels}
        volume={formats.volume(day.amount, 8)}
      />
    </section>
  );
}

interface LiveFiguresProps extends DaySummaryBarProps {
  day: DaySummary;
  labels: { high: string; low: string; volume: string };
  volume: string;
}

/**
 * The figures that move with every price the chart draws (up to 10 a second). Apart from the bar,
 * so those renders skip the bar's hooks: translation, formats and the day poll cost more than the
 * figures themselves (a CPU profile at 4x put them at 17-23 ms of the bar's 50 ms in 10 s).
 */
const LiveFigures = memo(function LiveFigures({ symbol, decimals, drawnClose, day, labels, volume }: LiveFiguresProps) {
  const latest = useObservable(drawnClose, null);
  const drawn = latest?.symbol === symbol ? latest.close : null;
  const close = drawn ?? day.close;
  return (
    <div className={styles.summaryFigures}>
      <div>
        <div className={styles.close}>
          <bdi dir="ltr">
            <FlashNumber value={close} text={formatFixed(close, decimals)} testId="day-close" />
          </bdi>
        </div>
        <ChangeText change={percentChange(day.open, close)} />
      </div>
      <dl className={styles.summaryStats}>
        <dt>{labels.high}</dt>
        <dd className={styles.num}>
          <bdi dir="ltr">{formatFixed(max(day.high, drawn), 2)}</bdi>
        </dd>
        <dt>{labels.low}</dt>
        <dd className={styles.num}>
          <bdi dir="ltr">{formatFixed(min(day.low, drawn), 2)}</bdi>
        </dd>
        <dt>{labels.volume}</dt>
        <dd className={styles.num}>
          <bdi dir="ltr">{volume}</bdi>
        </dd>
      </dl>
    </div>
  );
});
