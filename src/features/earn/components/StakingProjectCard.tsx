import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { AmountField } from '../../../components/ui/AmountField.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { PayPasswordField } from '../../../components/ui/PayPasswordField.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatFixed, formatTrim } from '../../../lib/money.ts';
import type { StakingProject } from '../api/get-staking-projects.ts';
import { PASSWORD_REQUIRED } from '../api/earn-rules.ts';
import { checkStaking, stakingEstimate } from '../api/staking-rules.ts';
import { submitStaking } from '../api/submit-staking.ts';
import type { Submit } from '../../../lib/use-submit.ts';
import { LockConfirmSheet, type LockTerms } from './LockConfirmSheet.tsx';
import styles from './earn.module.css';

export interface StakingProjectCardProps {
  project: StakingProject;
  /** While traders_password_switch is 1. */
  passwordRequired: boolean;
  submit: Submit;
}

/**
 * A staking project: the day selector, the rate and minimum of that period, the
 * whole-number amount, the password when required, and Join, which opens the confirm step (what is
 * staked, what it earns, the early-redemption fee); its confirm stakes and the user lands on the orders.
 */
export function StakingProjectCard({ project, passwordRequired, submit }: StakingProjectCardProps) {
  const { t } = useTranslation();
  const format = useFormats();
  const [periodId, setPeriodId] = useState<number | null>(() => project.staking_info[0]?.id ?? null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<LockTerms | null>(null);
  const period = project.staking_info.find((info) => info.id === periodId) ?? null;
  const coin = project.coin.title;
  const estimate = period ? stakingEstimate(amount, period.interest_rate, period.days) : null;
  const key = `stake-${project.id}`;
  const send = () =>
    submitStaking({
      projectId: project.id,
      periodId: period?.id ?? 0,
      amount,
      payPassword: passwordRequired ? password : null,
    });

  // Join checks the form, refusing a broken rule as every submit does (a toast; a missing password
  // beneath its field), then opens the confirm step.
  const join = () => {
    const problem = period
      ? checkStaking({ amount, min: period.min_price, balance: project.balance, passwordRequired, password })
      : { key: 'earn.staking.choosePeriod' };
    if (problem?.key === PASSWORD_REQUIRED) return setPasswordError(t(problem.key));
    if (problem || !period)
      return void submit.run(key, send, undefined, problem ?? { key: 'earn.staking.choosePeriod' });
    setConfirming({
      amount,
      coin,
      days: period.days,
      rateLabel: t('earn.staking.yearlyRate'),
      rate: period.interest_rate,
      estimate,
      redeemable: project.type === 1,
      redeemFeeRate: project.redeem_fee_rate,
      openedAt: Date.now(),
    });
  };

  // The sheet's confirm stakes; a refusal (a wrong password) closes it, back to the form its toast names.
  const stake = () => void submit.run(key, send, () => navigate('/staking-list')).then(() => setConfirming(null));

  return (
    <article className={styles.card} data-testid="staking-project">
      <div className={styles.cardHead}>
        {project.img ? (
          <img className={styles.thumb} src={project.img} alt="" />
        ) : (
          <span className={styles.thumb} aria-hidden="true" />
        )}
        <div className={styles.cardTitle}>
          <strong>{project.title}</strong>
          <span className={styles.sub}>{t(project.type === 1 ? 'earn.redeemable' : 'earn.lockedToEnd')}</span>
        </div>
        <span className={styles.badge}>{coin}</span>
      </div>
      <div className={styles.tags} role="group" aria-label={t('earn.period')}>
        {project.staking_info.map((info) => (
          <button key={info.id} type="button" aria-pressed={info.id === periodId} onClick={() => setPeriodId(info.id)}>
            {format.days(info.days)}
          </button>
        ))}
      </div>
      <dl className={styles.highlights}>
        <div>
          <dt>{t('earn.staking.yearlyRate')}</dt>
          <dd className={styles.rate}>{period ? format.rate(period.interest_rate) : '--'}</dd>
        </div>
        <div>
          <dt>{t('earn.staking.minimum')}</dt>
          <dd>
            <bdi>{period ? formatTrim(period.min_price, 8) : '--'}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('earn.staking.estimate')}</dt>
          <dd>
            <bdi>{estimate ? formatTrim(estimate, 8) : '--'}</bdi>
          </dd>
        </div>
      </dl>
      <AmountField
        className={styles.fieldFlush}
        label={t('earn.staking.amountLabel', { coin })}
        placeholder={t('earn.staking.amountPlaceholder')}
        value={amount}
        onChange={setAmount}
        unit={coin}
        integer
        available={formatTrim(project.balance, 8)}
        onAll={() => setAmount(formatTrim(project.balance, 0))}
        allLabel={t('earn.all')}
        dir="ltr"
      />
      <DetailList
        rows={[
          { label: t('earn.balance'), value: <CoinAmount amount={formatFixed(project.balance, 8)} coin={coin} /> },
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
      <SendButton block busy={submit.busy === key && confirming === null} onClick={join}>
        {t('earn.staking.join')}
      </SendButton>
      <LockConfirmSheet
        terms={confirming}
        confirmLabel={t('earn.staking.join')}
        busy={submit.busy === key}
        onConfirm={stake}
        onClose={() => setConfirming(null)}
        testId="staking-confirm"
      />
    </article>
  );
}
