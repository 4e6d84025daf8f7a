import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecondsLeft } from '../../lib/use-seconds-left.ts';
import { formatTimeLeft, type HoldReason, type SecurityHold } from '../../lib/withdraw-guard.ts';
import { IconShield } from './icons.tsx';
import styles from './security-hold.module.css';

const REASON_KEYS: Record<HoldReason, string> = {
  login_password_changed: 'security.hold.reason.login_password_changed',
  pay_password_changed: 'security.hold.reason.pay_password_changed',
  factor_added: 'security.hold.reason.factor_added',
  factor_removed: 'security.hold.reason.factor_removed',
};

/**
 * The security hold above a form that moves money out (docs/account-protection.md): why it holds,
 * and the time left, counting down each second. At zero it calls `onEnd` (the screen reads the hold
 * again and opens its form).
 */
export function SecurityHoldNotice({
  hold,
  onEnd,
  inline = false,
}: {
  hold: SecurityHold;
  onEnd?(): void;
  /** Inside a padded form: no side margins of its own. */
  inline?: boolean;
}) {
  const { t } = useTranslation();
  const left = useSecondsLeft(hold.endsAt);
  const ended = useRef(onEnd);
  ended.current = onEnd;
  useEffect(() => {
    if (left === 0) ended.current?.();
  }, [left]);
  return (
    <div className={[styles.notice, inline ? styles.inline : ''].join(' ')} role="status" data-testid="security-hold">
      <IconShield className={styles.icon} size={20} />
      <div className={styles.body}>
        <strong className={styles.title}>{t('security.hold.title')}</strong>
        <p>{t(REASON_KEYS[hold.reason])}</p>
        <p className={styles.left}>
          {t('security.hold.left')}{' '}
          <bdi dir="ltr" className={styles.time} data-testid="security-hold-left">
            {formatTimeLeft(left)}
          </bdi>
        </p>
      </div>
    </div>
  );
}

/** A form's fields, all disabled while `held` (a fieldset that adds no box to the layout). */
export function HeldFields({ held, children }: { held: boolean; children: ReactNode }) {
  return (
    <fieldset className={styles.fields} disabled={held} data-testid={held ? 'held-fields' : undefined}>
      {children}
    </fieldset>
  );
}
