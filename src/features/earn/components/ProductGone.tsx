import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import button from '../../../components/ui/button.module.css';
import styles from './earn.module.css';

/** An application page whose product is not offered (offeredProduct): says so and leads to the products. */
export function ProductGone({ listPath }: { listPath: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.notice} role="status" data-testid="product-gone">
      <p>{t('earn.productGone')}</p>
      <Link href={listPath} className={[button.button, button.secondary, styles.linkButton].join(' ')}>
        {t('earn.allProducts')}
      </Link>
    </div>
  );
}
