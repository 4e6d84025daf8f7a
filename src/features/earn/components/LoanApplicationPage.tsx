import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { UploadSlot } from '../../../components/ui/UploadSlot.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatFixed, formatTrim } from '../../../lib/money.ts';
import { useUploadSlot } from '../../../lib/use-upload-slot.ts';
import { applyLoan } from '../api/apply-loan.ts';
import { getLoanProjects, type LoanProject } from '../api/get-loan-projects.ts';
import { checkLoanApplication, loanCost } from '../api/loan-rules.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { ApplicationShell } from './ApplicationShell.tsx';
import { IntegerStepper } from './IntegerStepper.tsx';
import styles from './earn.module.css';

/** The loan application (docs/product-rules.md#loans): /loans-application?id= with the amount stepper, three images and the footer. */
export function LoanApplicationPage() {
  const { t } = useTranslation();
  return (
    <ApplicationShell
      title={t('route.loansApplication')}
      backLabel={t('common.back')}
      listPath="/loans"
      service="loan_switch"
      read={getLoanProjects}
      skeleton={[120, 80, 240]}
      form={(project) => <LoanApplicationForm project={project} />}
    />
  );
}

function LoanApplicationForm({ project }: { project: LoanProject }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { busy, run } = useSubmit();
  const [amount, setAmount] = useState(() => formatTrim(project.minprice, 0));
  const front = useUploadSlot();
  const back = useUploadSlot();
  const handheld = useUploadSlot();
  const cost = loanCost(amount, project.interest_rate, project.cycle);

  const submit = () => {
    const problem = checkLoanApplication({
      amount,
      min: project.minprice,
      max: project.maxprice,
      frontCard: front.url,
      laterCard: back.url,
      handheldCard: handheld.url,
    });
    void run(
      'apply',
      () =>
        applyLoan({
          id: project.id,
          amount,
          frontCard: front.url ?? '',
          laterCard: back.url ?? '',
          handheldCard: handheld.url ?? '',
        }),
      () => navigate('/loans?tab=orders'),
      problem,
    );
  };

  return (
    <>
      <div className={styles.content}>
        <article className={styles.card}>
          <div className={styles.cardTitle}>
            <strong>{project.title}</strong>
            <span className={styles.sub}>{t('earn.loans.institution', { name: project.mechanism })}</span>
          </div>
          <dl className={styles.highlights}>
            <div>
              <dt>{t('earn.dailyRate')}</dt>
              <dd className={styles.rate}>{format.rate(project.interest_rate)}</dd>
            </div>
            <div>
              <dt>{t('earn.period')}</dt>
              <dd>{format.days(project.cycle)}</dd>
            </div>
            <div>
              <dt>{t('earn.coin')}</dt>
              <dd>{project.coin}</dd>
            </div>
          </dl>
        </article>
        <IntegerStepper
          label={t('earn.loans.amountLabel', { coin: project.coin })}
          value={amount}
          onChange={setAmount}
          min={project.minprice}
          max={project.maxprice}
          decreaseLabel={t('earn.stepper.decrease')}
          increaseLabel={t('earn.stepper.increase')}
          hint={t('earn.rangeHint', { min: formatTrim(project.minprice, 8), max: formatTrim(project.maxprice, 8) })}
          testId="loan-amount"
        />
        <DetailList
          rows={[
            {
              label: t('earn.loans.interest'),
              value: cost ? <CoinAmount amount={formatFixed(cost.interest, 8)} coin={project.coin} /> : '--',
            },
            {
              label: t('earn.loans.total'),
              value: cost ? <CoinAmount amount={formatFixed(cost.total, 8)} coin={project.coin} /> : '--',
              testId: 'loan-total',
            },
          ]}
        />
        <section className={styles.section} aria-label={t('earn.loans.documents')}>
          <span className={styles.fieldLabel}>{t('earn.loans.documents')}</span>
          <UploadSlot label={t('earn.loans.front')} {...front.slotProps} />
          <UploadSlot label={t('earn.loans.back')} {...back.slotProps} />
          <UploadSlot label={t('earn.loans.handheld')} hint={t('earn.loans.handheldHint')} {...handheld.slotProps} />
        </section>
      </div>
      <footer className={styles.footer}>
        <div className={styles.footerAmount}>
          <span className={styles.sub}>{t('earn.amount')}</span>
          <strong data-testid="loan-footer-amount">
            <CoinAmount amount={amount || '0'} coin={project.coin} />
          </strong>
        </div>
        <SendButton busy={busy === 'apply'} onClick={submit} data-testid="loan-apply">
          {t('earn.loans.apply')}
        </SendButton>
      </footer>
    </>
  );
}
