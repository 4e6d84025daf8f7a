import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList, type DetailRow } from './DetailList.tsx';
import { Dialog } from './Dialog.tsx';
import { SendButton } from './SendButton.tsx';
import styles from './confirm-sheet.module.css';

export interface ConfirmSheetProps {
  open: boolean;
  title: string;
  /** What confirming does, figure by figure: what moves, every fee, what arrives or is earned. */
  rows?: readonly DetailRow[];
  /** Anything more the user must read first (a warning, a field such as the transaction password). */
  children?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** Disables the confirm button (a field in the sheet still needs filling). */
  disabled?: boolean;
  onConfirm(): void;
  onClose(): void;
  testId?: string;
}

/**
 * The one confirm step before money leaves or an order goes out (docs/money-input.md): a bottom sheet
 * that states exactly what will happen, and a confirm button that is off while the app is offline.
 */
export function ConfirmSheet({
  open,
  title,
  rows,
  children,
  confirmLabel,
  busy,
  disabled,
  onConfirm,
  onClose,
  testId,
}: ConfirmSheetProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={title} variant="sheet" closeLabel={t('common.close')} testId={testId}>
      {rows && rows.length > 0 && <DetailList rows={rows} />}
      {children && <div className={styles.more}>{children}</div>}
      <SendButton
        block
        busy={busy}
        disabled={disabled}
        onClick={onConfirm}
        data-testid={testId ? `${testId}-confirm` : undefined}
      >
        {confirmLabel}
      </SendButton>
    </Dialog>
  );
}
