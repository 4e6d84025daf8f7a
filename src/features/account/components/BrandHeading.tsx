import { useSiteSettings } from '../../../lib/site-settings.ts';
import styles from './account.module.css';

/** Logo and site name above the login and register forms. */
export function BrandHeading() {
  const settings = useSiteSettings();
  return (
    <div className={styles.brand}>
      <img className={styles.brandLogo} src={settings?.logo || '/logo.svg'} alt="" width={44} height={44} />
      <p className={styles.brandName}>{settings?.name ?? '\u00a0'}</p>
    </div>
  );
}
