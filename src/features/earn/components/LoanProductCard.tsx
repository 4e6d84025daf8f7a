import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useFormats } from '../../../lib/format.ts';
import { formatTrim } from '../../../lib/money.ts';
import type { LoanProject } from '../api/get-loan-projects.ts';
import button from '../../../components/ui/button.module.css';
import styles from './earn.module.css';

/** A loan product (docs/product-rules.md#loans): institution, amount range, daily interest, period, and Apply. */
export function LoanProductCard({ project }: { project: LoanProject }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <article className={styles.card} data-testid="loan-product">
      <div className={styles.cardHead}>
        <div className={styles.cardTitle}>
          <strong>{project.title}</strong>
          <span className={styles.sub}>{t('earn.loans.institution', { name: project.mechanism })}</span>
        </div>
        <span className={styles.badge}>{project.coin}</span>
      </div>
      <dl className={styles.highlights}>
        <div>
          <dt>{t('earn.range')}</dt>
          <dd>
            <bdi dir="ltr">
              {formatTrim(project.minprice, 8)}–{formatTrim(project.maxprice, 8)}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('earn.dailyRate')}</dt>
          <dd className={styles.rate}>{format.rate(project.interest_rate)}</dd>
        </div>
        <div>
          <dt>{t('earn.period')}</dt>
          <dd>{format.days(project.cycle)}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Link
          href={`/loans-application?id=${project.id}`}
          className={[button.button, button.primary, styles.linkButton].join(' ')}
        >
          {t('earn.loans.apply')}
        </Link>
      </div>
    </article>
  );
}
