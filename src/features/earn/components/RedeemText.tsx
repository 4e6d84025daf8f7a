import { useTranslation } from 'react-i18next';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatTrim } from '../../../lib/money.ts';
import styles from './earn.module.css';

/** What an early redemption pays (mining and staking, README "Early redemption"), stated before the user confirms. */
export function RedeemText({
  order,
}: {
  order: { amount: string; coin: string; redeem_amount: string; redeem_fee_rate: string; total_revenue: string };
}) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <>
      <p>{t('earn.redeem.text')}</p>
      <dl className={styles.rows}>
        <dt>{t('earn.redeem.principal')}</dt>
        <dd>
          <CoinAmount amount={formatTrim(order.amount, 8)} coin={order.coin} />
        </dd>
        <dt>{t('earn.redeem.fee')}</dt>
        <dd>{format.rate(order.redeem_fee_rate)}</dd>
        <dt>{t('earn.redeem.back')}</dt>
        <dd data-testid="redeem-amount">
          <strong>
            <CoinAmount amount={formatTrim(order.redeem_amount, 8)} coin={order.coin} />
          </strong>
        </dd>
        <dt>{t('earn.redeem.kept')}</dt>
        <dd>
          <CoinAmount amount={formatTrim(order.total_revenue, 8)} coin={order.coin} />
        </dd>
      </dl>
    </>
  );
}
