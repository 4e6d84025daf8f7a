import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { UploadSlot } from '../../../components/ui/UploadSlot.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { useUploadSlot } from '../../../lib/use-upload-slot.ts';
import styles from './profile.module.css';

/**
 * Identity verification (spec §2 Identity), its first part: the front and the back of the ID, one
 * image each, in upload slots. The real name field, the status and submitting (api/User/usersetReal)
 * come with the profile screens.
 */
export function IdentityPage() {
  const { t } = useTranslation();
  const front = useUploadSlot();
  const back = useUploadSlot();
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.realAuthentication')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      <section className={styles.content}>
        <p className={styles.intro}>{t('profile.identity.intro')}</p>
        <UploadSlot label={t('profile.identity.front')} {...front.slotProps} />
        <UploadSlot label={t('profile.identity.back')} {...back.slotProps} />
      </section>
    </div>
  );
}
