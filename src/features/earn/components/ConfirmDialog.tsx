import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import styles from './earn.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What confirming does, in words and numbers (a redemption states what it pays). */
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
  testId?: string;
}

/** Asks before an action that cannot be undone: repay, cancel, redeem. */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, onConfirm, onClose, testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t('common.close')} testId={testId}>
      <div className={styles.confirmText}>{children}</div>
      <Button block busy={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </Dialog>
  );
}
