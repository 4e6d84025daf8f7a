import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { Button } from '../../../components/ui/Button.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { UploadSlot } from '../../../components/ui/UploadSlot.tsx';
import { useFormats } from '../../../lib/format.ts';
import { isOff, useSiteSettings } from '../../../lib/site-settings.ts';
import { formatFixed, formatTrim } from '../../../lib/money.ts';
import { goBack } from '../../../lib/navigation.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { useUploadSlot } from '../../../lib/use-upload-slot.ts';
import { applyLoan } from '../api/apply-loan.ts';
import { getLoanProjects, type LoanProject } from '../api/get-loan-projects.ts';
import { checkLoanApplication, loanCost } from '../api/loan-rules.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { offeredProduct } from '../api/offered-product.ts';
import { ClosedNotice } from './ClosedNotice.tsx';
import { IntegerStepper } from './IntegerStepper.tsx';
import { ProductGone } from './ProductGone.tsx';
import styles from './earn.module.css';

/** The loan application (spec §2, §5): /loans-application?id= with the amount stepper, three images and the footer. */
export function LoanApplicationPage() {
  const { t } = useTranslation();
  const texts = useListTexts();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const settings = useSiteSettings();
  // Closed, the server refuses every product; the page says the service is closed, as its list does.
  const closed = isOff(settings, 'loan_switch');
  const project = useLoaded(() => offeredProduct(getLoanProjects(id)), [id, closed], (data) => data.list.length === 0);
  const loaded = project.data?.list[0];
  return (
    <div className={[styles.page, styles.formPage].join(' ')}>
      <PageHeader title={t('route.loansApplication')} backLabel={t('common.back')} onBack={() => goBack('/loans')} />
      {closed ? (
        <ClosedNotice />
      ) : loaded ? (
        <LoanApplicationForm key={loaded.id} project={loaded} />
      ) : project.state === 'loading' ? (
        <div className={styles.content}>
          <Skeleton height={120} />
          <Skeleton height={80} />
          <Skeleton height={240} />
        </div>
      ) : project.state === 'empty' ? (
        <ProductGone listPath="/loans" />
      ) : (
        <ListStatus state={project.state} texts={texts} onRetry={project.reload} />
      )}
    </div>
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
    const problem = checkLoanApplication({ amount, min: project.minprice, max: project.maxprice, frontCard: front.url, laterCard: back.url, handheldCard: handheld.url });
    void run(
      'apply',
      () => applyLoan({ id: project.id, amount, frontCard: front.url ?? '', laterCard: back.url ?? '', handheldCard: handheld.url ?? '' }),
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
        <dl className={styles.rows}>
          <dt>{t('earn.loans.interest')}</dt>
          <dd>
            <CoinAmount amount={cost ? formatFixed(cost.interest, 8) : '--'} coin={project.coin} />
          </dd>
          <dt>{t('earn.loans.total')}</dt>
          <dd data-testid="loan-total">
            <CoinAmount amount={cost ? formatFixed(cost.total, 8) : '--'} coin={project.coin} />
          </dd>
        </dl>
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
        <Button busy={busy === 'apply'} onClick={submit} data-testid="loan-apply">
          {t('earn.loans.apply')}
        </Button>
      </footer>
    </>
  );
}
