import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { isOff, isOn, useSiteSettings } from '../../../lib/site-settings.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { getStakingProjects } from '../api/get-staking-projects.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { ClosedNotice } from '../../../components/ui/ClosedNotice.tsx';
import { StakingProjectCard } from './StakingProjectCard.tsx';
import styles from './earn.module.css';

/** Staking (docs/product-rules.md#staking): the projects, each with its own form; the orders are one tap away. */
export function StakingPage() {
  const { t } = useTranslation();
  const texts = useListTexts();
  const settings = useSiteSettings();
  const submit = useSubmit();
  const closed = isOff(settings, 'staking_switch');
  const projects = useLoaded(
    () => getStakingProjects(),
    [closed],
    (data) => data.list.length === 0,
  );
  return (
    <div className={styles.page}>
      <PageHeader
        title={t('route.staking')}
        backLabel={t('common.back')}
        onBack={() => goBack('/')}
        end={
          <Link href="/staking-list" className={styles.headerLink}>
            {t('earn.staking.orders')}
          </Link>
        }
      />
      {closed ? (
        <ClosedNotice message={t('earn.closed')} />
      ) : (
        <section className={styles.content} data-testid="staking-projects">
          {projects.state === 'loading' && !projects.data && (
            <div className={styles.skeletonStack}>
              <Skeleton height={380} />
              <Skeleton height={380} />
            </div>
          )}
          <ul className={styles.list}>
            {projects.data?.list.map((project) => (
              <li key={project.id}>
                <StakingProjectCard
                  project={project}
                  passwordRequired={isOn(settings, 'traders_password_switch')}
                  submit={submit}
                />
              </li>
            ))}
          </ul>
          {projects.state !== 'loading' && (
            <ListStatus state={projects.state} texts={texts} onRetry={projects.reload} />
          )}
        </section>
      )}
    </div>
  );
}
