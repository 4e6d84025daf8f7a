import { useTranslation } from 'react-i18next';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatTrim } from '../../../lib/money.ts';

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
      <DetailList
        rows={[
          {
            label: t('earn.redeem.principal'),
            value: <CoinAmount amount={formatTrim(order.amount, 8)} coin={order.coin} />,
          },
          { label: t('earn.redeem.fee'), value: format.rate(order.redeem_fee_rate) },
          {
            label: t('earn.redeem.back'),
            value: <CoinAmount amount={formatTrim(order.redeem_amount, 8)} coin={order.coin} />,
            strong: true,
            testId: 'redeem-amount',
          },
          {
            label: t('earn.redeem.kept'),
            value: <CoinAmount amount={formatTrim(order.total_revenue, 8)} coin={order.coin} />,
          },
        ]}
      />
    </>
  );
}
