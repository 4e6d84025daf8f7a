import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { PayPasswordField } from '../../../components/ui/PayPasswordField.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatFixed, formatTrim } from '../../../lib/money.ts';
import { isOn, useSiteSettings } from '../../../lib/site-settings.ts';
import { buyMining } from '../api/buy-mining.ts';
import { getMiningProducts, type MiningProduct } from '../api/get-mining-products.ts';
import { PASSWORD_REQUIRED } from '../api/earn-rules.ts';
import { checkMiningPurchase, miningEstimate, miningTerms } from '../api/mining-rules.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { ApplicationShell } from './ApplicationShell.tsx';
import { IntegerStepper } from './IntegerStepper.tsx';
import { LockConfirmSheet, type LockTerms } from './LockConfirmSheet.tsx';
import styles from './earn.module.css';

/**
 * The lock mining application: /lockming-application?id= with day tags, the day's rate,
 * the estimate, the balance, the stepper and the transaction password while it is required. Lock
 * opens the confirm step (what is locked, what it earns, the early-redemption fee); its confirm buys,
 * and the user lands on the orders, newest first.
 */
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
  const passwordRequired = isOn(useSiteSettings(), 'traders_password_switch');
  const terms = miningTerms(product);
  const [days, setDays] = useState<number | null>(() => terms[0]?.days ?? null);
  const [amount, setAmount] = useState(() => formatTrim(product.min_price, 0));
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<LockTerms | null>(null);
  const term = terms.find((entry) => entry.days === days) ?? null;
  const estimate = term ? miningEstimate(amount, term.rate, term.days) : null;

  const send = () =>
    buyMining({
      id: product.id,
      amount,
      day: term?.days ?? 0,
      interestRate: term?.rate ?? '',
      payPassword: passwordRequired ? password : null,
    });

  // Lock checks the form, refusing a broken rule as every submit does (a toast; a missing password
  // beneath its field), then opens the confirm step.
  const review = () => {
    const problem = checkMiningPurchase({
      amount,
      min: product.min_price,
      max: product.max_price,
      balance: product.balance,
      term,
      passwordRequired,
      password,
    });
    if (problem?.key === PASSWORD_REQUIRED) return setPasswordError(t(problem.key));
    if (problem || !term) return void run('buy', send, undefined, problem ?? { key: 'earn.mining.chooseDay' });
    setConfirming({
      amount,
      coin: product.coin_title,
      days: term.days,
      rateLabel: t('earn.dailyRate'),
      rate: term.rate,
      estimate,
      redeemable: product.type === 1,
      redeemFeeRate: product.redeem_fee_rate,
      openedAt: Date.now(),
    });
  };

  // The sheet's confirm buys; a refusal (a wrong password) closes it, back to the form its toast names.
  const buy = () => void run('buy', send, () => navigate('/lockming?tab=orders')).then(() => setConfirming(null));

  return (
    <>
      <div className={styles.content}>
        <div className={styles.cardHead}>
          {product.img ? (
            <img className={styles.thumb} src={product.img} alt="" />
          ) : (
            <span className={styles.thumb} aria-hidden="true" />
          )}
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
              <button
                key={entry.days}
                type="button"
                aria-pressed={entry.days === days}
                onClick={() => setDays(entry.days)}
              >
                {format.days(entry.days)}
              </button>
            ))}
          </div>
        </section>
        <DetailList
          rows={[
            {
              label: t('earn.dailyRate'),
              value: term ? format.rate(term.rate) : '--',
              valueClassName: styles.rate,
              testId: 'mining-rate',
            },
            {
              label: t('earn.mining.balance'),
              value: <CoinAmount amount={formatFixed(product.balance, 8)} coin={product.coin_title} />,
              testId: 'mining-balance',
            },
          ]}
        />
        <IntegerStepper
          label={t('earn.mining.amountLabel', { coin: product.coin_title })}
          value={amount}
          onChange={setAmount}
          min={product.min_price}
          max={product.max_price}
          decreaseLabel={t('earn.stepper.decrease')}
          increaseLabel={t('earn.stepper.increase')}
          hint={t('earn.rangeHint', { min: formatTrim(product.min_price, 8), max: formatTrim(product.max_price, 8) })}
          available={formatTrim(product.balance, 8)}
          unit={product.coin_title}
          testId="mining-amount"
        />
        <DetailList
          rows={[
            {
              label: t('earn.mining.estimate'),
              // Bold in the rate's colour: DetailList's strong would paint it in the text colour.
              value: (
                <strong>
                  {estimate ? <CoinAmount amount={formatFixed(estimate, 8)} coin={product.coin_title} /> : '--'}
                </strong>
              ),
              valueClassName: styles.rate,
              testId: 'mining-estimate',
            },
          ]}
        />
        {passwordRequired && (
          <PayPasswordField
            className={styles.fieldFlush}
            value={password}
            onChange={(text) => {
              setPassword(text);
              setPasswordError(null);
            }}
            error={passwordError}
          />
        )}
      </div>
      <footer className={styles.footer}>
        <div className={styles.footerAmount}>
          <span className={styles.sub}>{t('earn.amount')}</span>
          <strong>
            <CoinAmount amount={amount || '0'} coin={product.coin_title} />
          </strong>
        </div>
        <SendButton busy={busy === 'buy' && confirming === null} onClick={review} data-testid="mining-lock">
          {t('earn.mining.lock')}
        </SendButton>
      </footer>
      <LockConfirmSheet
        terms={confirming}
        confirmLabel={t('earn.mining.lock')}
        busy={busy === 'buy'}
        onConfirm={buy}
        onClose={() => setConfirming(null)}
        testId="mining-confirm"
      />
    </>
  );
}
