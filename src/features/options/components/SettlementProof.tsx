import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatFixed } from '../../../lib/money.ts';
import {
  minuteText,
  priceInBar,
  pricePosition,
  proofTrades,
  type OrderTrades,
  type ProofTrade,
} from '../api/settlement-proof.ts';
import { useMinuteBar } from '../hooks/use-minute-bar.ts';
import tone from '../../../components/ui/tone.module.css';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import styles from './settlement-proof.module.css';

function TradeRef({ trade }: { trade: ProofTrade | null }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (!trade) return <>{t('verify.proof.none')}</>;
  return (
    <>
      <bdi dir="ltr" className={styles.num}>
        {t('verify.proof.trade', { id: trade.tradeId })}
      </bdi>
      <br />
      <bdi dir="ltr" className={styles.muted}>
        {formats.preciseDateTime(trade.ts)}
      </bdi>
    </>
  );
}

/**
 * The trades behind a settled order's two prices (verifiable settlement), as the order
 * names them, and the button to the Verify view. Shown in the settled order's detail.
 */
export function SettlementProof({ order, onVerify }: { order: OrderTrades; onVerify(): void }) {
  const { t } = useTranslation();
  const { entry, settlement } = proofTrades(order);
  return (
    <section className={styles.proof} aria-label={t('verify.proof.title')} data-testid="settlement-proof">
      <h3 className={styles.proofTitle}>{t('verify.proof.title')}</h3>
      <DetailList
        className={styles.longValues}
        rows={[
          { label: t('verify.proof.entry'), value: <TradeRef trade={entry} />, testId: 'proof-entry' },
          { label: t('verify.proof.settlement'), value: <TradeRef trade={settlement} />, testId: 'proof-settlement' },
        ]}
      />
      {(entry || settlement) && (
        <Button variant="secondary" block onClick={onVerify} data-testid="verify-button">
          {t('verify.proof.button')}
        </Button>
      )}
    </section>
  );
}

/** Low to high of the minute, with the price marked (a line drawn left to right in every language). */
function RangeLine({ position, inside }: { position: number; inside: boolean }) {
  return (
    <svg className={styles.rangeLine} viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden="true">
      <line x1="2" y1="6" x2="98" y2="6" className={styles.rangeTrack} />
      <line
        x1={2 + position * 96}
        y1="0"
        x2={2 + position * 96}
        y2="12"
        className={inside ? tone.up : tone.down}
        stroke="currentColor"
        strokeWidth="3"
      />
    </svg>
  );
}

/** The one-minute bar's prices, in the order a chart reads them; high and low are what the verdict weighs. */
const BAR_VALUES: readonly { key: 'open' | 'high' | 'low' | 'close'; label: string; testId?: string }[] = [
  { key: 'open', label: 'verify.view.open' },
  { key: 'high', label: 'verify.view.high', testId: 'verify-high' },
  { key: 'low', label: 'verify.view.low', testId: 'verify-low' },
  { key: 'close', label: 'verify.view.close' },
];

function ProofCard({
  label,
  symbol,
  trade,
  testId,
}: {
  label: string;
  symbol: string;
  trade: ProofTrade;
  testId: string;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const { state, retry } = useMinuteBar(symbol, trade.ts);
  const inside = state.status === 'ready' && priceInBar(state.bar, trade.price);
  return (
    <section className={styles.proofCard} data-testid={testId}>
      <h3 className={styles.proofTitle}>{label}</h3>
      <DetailList
        className={styles.longValues}
        rows={[
          {
            label: t('verify.view.tradeId'),
            value: (
              <bdi dir="ltr" className={styles.num} data-testid="verify-trade-id">
                {trade.tradeId}
              </bdi>
            ),
          },
          {
            label: t('verify.view.tradeTime'),
            // A date to the millisecond, as the feed stamps a trade; the machine-readable instant stays in the markup, not on screen.
            value: (
              <time dateTime={new Date(trade.ts).toISOString()} data-testid="verify-trade-time">
                <bdi dir="ltr" className={styles.num}>
                  {formats.preciseDateTime(trade.ts)}
                </bdi>
              </time>
            ),
          },
          {
            label: t('verify.view.price'),
            value: (
              <bdi dir="ltr" className={styles.num} data-testid="verify-price">
                {formatFixed(trade.price, 6)}
              </bdi>
            ),
          },
        ]}
      />
      {state.status === 'loading' && <Skeleton height={112} />}
      {state.status === 'ready' && (
        <div className={styles.proofBar} data-testid="verify-bar">
          <p className={styles.muted}>
            {t('verify.view.bar')} <bdi dir="ltr">{minuteText(state.bar.time, formats)}</bdi>
          </p>
          <dl className={styles.barValues} dir="ltr">
            {BAR_VALUES.map(({ key, label, testId }) => (
              <div key={key}>
                <dt>{t(label)}</dt>
                <dd className={styles.num} data-testid={testId}>
                  {formatFixed(state.bar[key], 6)}
                </dd>
              </div>
            ))}
          </dl>
          <RangeLine position={pricePosition(state.bar, trade.price)} inside={inside} />
          <p className={`${styles.verdict} ${inside ? tone.up : tone.down}`} data-testid="verify-verdict">
            <span aria-hidden="true">{inside ? '✓ ' : '✗ '}</span>
            {t(inside ? 'verify.view.inside' : 'verify.view.outside')}
          </p>
        </div>
      )}
      {state.status === 'gone' && <p className={styles.muted}>{t('verify.view.gone')}</p>}
      {state.status === 'failed' && (
        <p role="alert" className={styles.failed}>
          <span>{t('verify.view.failed')}</span>
          <Button variant="ghost" onClick={retry}>
            {t('common.retry')}
          </Button>
        </p>
      )}
    </section>
  );
}

/**
 * The Verify view: for each trade the order names, the feed's one-minute bar of that trade's minute
 * fetched now from market REST (through the market worker), with the price shown inside its range.
 */
export function VerifySettlement({ order, symbol, onBack }: { order: OrderTrades; symbol: string; onBack(): void }) {
  const { t } = useTranslation();
  const { entry, settlement } = proofTrades(order);
  return (
    <div className={styles.verify} data-testid="verify-view">
      <p className={styles.muted}>{t('verify.view.intro')}</p>
      {entry && <ProofCard label={t('verify.view.entry')} symbol={symbol} trade={entry} testId="verify-entry" />}
      {settlement && (
        <ProofCard label={t('verify.view.settlement')} symbol={symbol} trade={settlement} testId="verify-settlement" />
      )}
      <Button variant="ghost" block onClick={onBack}>
        {t('common.back')}
      </Button>
    </div>
  );
}
