import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { IconAlert } from '../../components/ui/icons.tsx';
import styles from './pages.module.css';

export interface FailureMessageProps {
  message: string;
  onRetry(): void;
  /** 1 where nothing heads the screen, 2 under a page header. */
  level: 1 | 2;
  className?: string;
  /** More ways on, after Retry. */
  children?: ReactNode;
}

/** A screen-wide failure, centred: icon, what went wrong, Retry (PageLoadFailed, AppFailed). */
export function FailureMessage({ message, onRetry, level, className, children }: FailureMessageProps) {
  const { t } = useTranslation();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={[styles.center, className].filter(Boolean).join(' ')} role="alert">
      <IconAlert className={styles.icon} size={32} />
      <Heading className={styles.heading}>{message}</Heading>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
      {children}
    </section>
  );
}
