import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Button } from '../../../components/ui/Button.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatFixed, formatTrim } from '../../../lib/money.ts';
import { buyMining } from '../api/buy-mining.ts';
import { getMiningProducts, type MiningProduct } from '../api/get-mining-products.ts';
import { checkMiningPurchase, miningEstimate, miningTerms } from '../api/mining-rules.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { ApplicationShell } from './ApplicationShell.tsx';
import { IntegerStepper } from './IntegerStepper.tsx';
import styles from './earn.module.css';

/** The lock mining application (spec §2): /lockming-application?id= with day tags, the day's rate, the estimate, the balance and the stepper. */
export function MiningApplicationPage() {
  const { t } = useTranslation();
  return (
    <ApplicationShell
      title={t('route.lockmingApplication')}
      backLabel={t('common.back')}
      listPath="/lockming"
      service="machine_switch"
      read={getMiningProducts}
      skeleton={[72, 96, 160]}
      form={(product) => <MiningForm product={product} />}
    />
  );
}

function MiningForm({ product }: { product: MiningProduct }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { busy, run } = useSubmit();
  const terms = miningTerms(product);
  const [days, setDays] = useState<number | null>(() => terms[0]?.days ?? null);
  const [amount, setAmount] = useState(() => formatTrim(product.min_price, 0));
  const term = terms.find((entry) => entry.days === days) ?? null;
  const estimate = term ? miningEstimate(amount, term.rate, term.days) : null;

  const submit = () => {
    const problem = checkMiningPurchase({ amount, min: product.min_price, max: product.max_price, balance: product.balance, term });
    void run('buy', () => buyMining({ id: product.id, amount, day: term?.days ?? 0, interestRate: term?.rate ?? '' }), () => navigate('/lockming?tab=orders'), problem);
  };

  return (
    <>
      <div className={styles.content}>
        <div className={styles.cardHead}>
          {product.img ? <img className={styles.thumb} src={product.img} alt="" /> : <span className={styles.thumb} aria-hidden="true" />}
          <div className={styles.cardTitle}>
            <strong>{product.title}</strong>
            <span className={styles.sub}>{t(product.type === 1 ? 'earn.redeemable' : 'earn.lockedToEnd')}</span>
          </div>
          <span className={styles.badge}>{product.coin_title}</span>
        </div>
        <section className={styles.section}>
          <span className={styles.fieldLabel} id="mining-days">
            {t('earn.mining.chooseDays')}
          </span>
          <div className={styles.tags} role="group" aria-labelledby="mining-days">
            {terms.map((entry) => (
              <button key={entry.days} type="button" aria-pressed={entry.days === days} onClick={() => setDays(entry.days)}>
                {format.days(entry.days)}
              </button>
            ))}
          </div>
        </section>
        <dl className={styles.rows}>
          <dt>{t('earn.dailyRate')}</dt>
          <dd className={styles.rate} data-testid="mining-rate">
            {term ? format.rate(term.rate) : '--'}
          </dd>
          <dt>{t('earn.mining.balance')}</dt>
          <dd data-testid="mining-balance">
            <CoinAmount amount={formatFixed(product.balance, 8)} coin={product.coin_title} />
          </dd>
        </dl>
        <IntegerStepper
          label={t('earn.mining.amountLabel', { coin: product.coin_title })}
          value={amount}
          onChange={setAmount}
          min={product.min_price}
          max={product.max_price}
          decreaseLabel={t('earn.stepper.decrease')}
          increaseLabel={t('earn.stepper.increase')}
          hint={t('earn.rangeHint', { min: formatTrim(product.min_price, 8), max: formatTrim(product.max_price, 8) })}
          testId="mining-amount"
        />
        <dl className={styles.rows}>
          <dt>{t('earn.mining.estimate')}</dt>
          <dd className={styles.rate} data-testid="mining-estimate">
            <strong>
              <CoinAmount amount={estimate ? formatFixed(estimate, 8) : '--'} coin={product.coin_title} />
            </strong>
          </dd>
        </dl>
      </div>
      <footer className={styles.footer}>
        <div className={styles.footerAmount}>
          <span className={styles.sub}>{t('earn.amount')}</span>
          <strong>
            <CoinAmount amount={amount || '0'} coin={product.coin_title} />
          </strong>
        </div>
        <Button busy={busy === 'buy'} onClick={submit} data-testid="mining-lock">
          {t('earn.mining.lock')}
        </Button>
      </footer>
    </>
  );
}
