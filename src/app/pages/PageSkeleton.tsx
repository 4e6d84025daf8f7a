import { Skeleton } from '../../components/ui/Skeleton.tsx';
import styles from './pages.module.css';

/** Shown while a lazily loaded page's chunk arrives: the header bar and content blocks keep their place. */
export function PageSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <Skeleton height={48} radius={0} />
      <div className={styles.skeletonBody}>
        <Skeleton height={48} />
        <Skeleton height={48} />
        <Skeleton height={48} />
      </div>
    </div>
  );
}
