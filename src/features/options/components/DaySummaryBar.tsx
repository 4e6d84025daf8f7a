import { useTranslation } from 'react-i18next';
import { formatFixed, percentChange } from '../../../lib/money.ts';
import { useDaySummary } from '../../../lib/market-hooks.ts';
import { FlashNumber } from '../../../components/ui/FlashNumber.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { ChangeText } from '../../../components/ui/ChangeText.tsx';
import styles from './options.module.css';

/** Day summary (spec §2 Options), polled every 5 s by the engine: close 6 dp, change vs open, high/low 2 dp, volume 8 dp. */
export function DaySummaryBar({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const day = useDaySummary(symbol);
  if (!day) return <Skeleton height={72} />;
  return (
    <section className={styles.summary} aria-label={t('options.summary.label')} data-testid="day-summary">
      <div>
        <div className={styles.close}>
          <FlashNumber value={day.close} text={formatFixed(day.close, 6)} testId="day-close" />
        </div>
        <ChangeText change={percentChange(day.open, day.close)} />
      </div>
      <dl className={styles.summaryStats}>
        <dt>{t('options.summary.high')}</dt>
        <dd className={styles.num}>{formatFixed(day.high, 2)}</dd>
        <dt>{t('options.summary.low')}</dt>
        <dd className={styles.num}>{formatFixed(day.low, 2)}</dd>
        <dt>{t('options.summary.volume')}</dt>
        <dd className={styles.num}>{formatFixed(day.amount, 8)}</dd>
      </dl>
    </section>
  );
}
