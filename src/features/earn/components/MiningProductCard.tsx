import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useFormats } from '../../../lib/format.ts';
import { formatTrim } from '../../../lib/money.ts';
import type { MiningProduct } from '../api/get-mining-products.ts';
import { lastEntry } from '../api/mining-rules.ts';
import button from '../../../components/ui/button.module.css';
import styles from './earn.module.css';

/** A mining product (docs/product-rules.md#lock-mining): image, amount range, coin, daily rate and cycle (the last entries of the lists), and Lock. */
export function MiningProductCard({ product }: { product: MiningProduct }) {
  const { t } = useTranslation();
  const format = useFormats();
  const cycle = Number(lastEntry(product.cycle));
  return (
    <article className={styles.card} data-testid="mining-product">
      <div className={styles.cardHead}>
        {product.img ? (
          <img className={styles.thumb} src={product.img} alt="" />
        ) : (
          <span className={styles.thumb} aria-hidden="true" />
        )}
        <div className={styles.cardTitle}>
          <strong>{product.title}</strong>
        </div>
        <span className={styles.badge}>{product.coin_title}</span>
      </div>
      <dl className={styles.highlights}>
        <div>
          <dt>{t('earn.range')}</dt>
          <dd>
            <bdi dir="ltr">
              {formatTrim(product.min_price, 8)}–{formatTrim(product.max_price, 8)}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('earn.dailyRate')}</dt>
          <dd className={styles.rate}>{format.rate(lastEntry(product.interest_rate))}</dd>
        </div>
        <div>
          <dt>{t('earn.period')}</dt>
          <dd>{Number.isInteger(cycle) && cycle > 0 ? format.days(cycle) : '--'}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Link
          href={`/lockming-application?id=${product.id}`}
          className={[button.button, button.primary, styles.linkButton].join(' ')}
        >
          {t('earn.mining.lock')}
        </Link>
      </div>
    </article>
  );
}
