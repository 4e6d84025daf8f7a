import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SecondStepField } from '../../../components/ui/SecondStepField.tsx';
import { SecurityHoldNotice } from '../../../components/ui/SecurityHoldNotice.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { Switch } from '../../../components/ui/Switch.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { useApproval } from '../../../lib/use-approval.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { formatTimeLeft, getAllowlist, type AllowlistEntry } from '../../../lib/withdraw-guard.ts';
import { addAllowlistEntry, removeAllowlistEntry, setAllowlist } from '../api/allowlist.ts';
import styles from './allowlist.module.css';

/**
 * The withdrawal allow-list (docs/account-protection.md): the switch with its state (on, off, or
 * turning off with the time left), then the bound addresses and cards, each with its place on the
 * list (not listed, usable, or usable after a countdown) and the button that adds or removes it.
 * Every change answers the whole list, which replaces what is shown.
 */
export function AllowlistPage() {
  const { t } = useTranslation();
  const texts = useListTexts();
  const loaded = useLoaded(getAllowlist, []);
  const submit = useSubmit();
  const data = loaded.data;
  const save = (key: string, call: () => ReturnType<typeof setAllowlist>) => void submit.run(key, call, loaded.set);
  /** Whether the sheet that turns the list off with the second step is open. */
  const [turningOff, setTurningOff] = useState(false);
  const approval = useApproval({
    submit,
    key: 'switch',
    operation: 'allowlist_off',
    // The approval is of the operation alone: there is one list per account.
    fields: turningOff ? {} : null,
    call: (proof) => setAllowlist(false, proof),
    onDone: (list) => {
      setTurningOff(false);
      loaded.set(list);
    },
    onRefused: () => setTurningOff(false),
  });
  const onSwitch = (on: boolean) => {
    // Turning the list off loosens the account: with a second factor it is confirmed in a sheet with the second step.
    if (!on && approval.asks) setTurningOff(true);
    else save('switch', () => setAllowlist(on));
  };

  const addresses = data?.list.filter((e) => e.type === 1) ?? [];
  const cards = data?.list.filter((e) => e.type === 2) ?? [];
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.allowlist')} backLabel={t('common.back')} onBack={() => goBack('/security')} />
      {data?.hold && <SecurityHoldNotice hold={data.hold} onEnd={loaded.reload} />}
      {!data ? (
        loaded.state === 'failed' ? (
          <ListStatus state="failed" texts={texts} onRetry={loaded.reload} />
        ) : (
          <div className={styles.content}>
            <Skeleton height={240} />
          </div>
        )
      ) : (
        <div className={styles.content}>
          <p className={styles.intro}>{t('security.allowlist.intro', { hours: data.hold_hours })}</p>
          <div className={styles.switchRow}>
            <span className={styles.switchLabel}>
              <span id="allowlist-switch">{t('security.allowlist.switch')}</span>
              <SwitchState on={data.on === 1} offAt={data.offAt} onEnd={loaded.reload} />
            </span>
            <Switch
              checked={data.on === 1 && data.offAt === null}
              onChange={onSwitch}
              label={t('security.allowlist.switch')}
            />
          </div>
          <Section title={t('security.allowlist.addresses')} testId="allowlist-addresses">
            {addresses.length === 0 ? (
              <p className={styles.empty}>
                <Link href="/bindMentionAddress">{t('security.allowlist.bindAddress')}</Link>
              </p>
            ) : (
              addresses.map((entry) => <EntryRow key={entry.id} entry={entry} busy={submit.busy} save={save} />)
            )}
          </Section>
          <Section title={t('security.allowlist.cards')} testId="allowlist-cards">
            {cards.length === 0 ? (
              <p className={styles.empty}>
                <Link href="/bank">{t('security.allowlist.bindCard')}</Link>
              </p>
            ) : (
              cards.map((entry) => <EntryRow key={entry.id} entry={entry} busy={submit.busy} save={save} />)
            )}
          </Section>
          {turningOff && (
            <ConfirmSheet
              open
              title={t('security.allowlist.offTitle')}
              confirmLabel={t('security.allowlist.turnOff')}
              busy={submit.busy === 'switch'}
              disabled={!approval.ready}
              onConfirm={() => void approval.confirm()}
              onClose={() => setTurningOff(false)}
              testId="allowlist-off-sheet"
            >
              <p className={styles.sheetNote}>
                {data.hold_hours > 0
                  ? t('security.allowlist.offNote', { hours: data.hold_hours })
                  : t('security.allowlist.offNoteNow')}
              </p>
              {approval.field && <SecondStepField {...approval.field} />}
            </ConfirmSheet>
          )}
        </div>
      )}
    </div>
  );
}

/** On, off, or on and turning off with the time left (counting down; at zero the list is read again). */
function SwitchState({ on, offAt, onEnd }: { on: boolean; offAt: number | null; onEnd(): void }) {
  const { t } = useTranslation();
  const left = useSecondsLeft(offAt);
  const pending = offAt !== null && on;
  const ended = pending && left === 0;
  useEffect(() => {
    if (ended) onEnd();
  }, [ended, onEnd]);
  if (pending) {
    return (
      <span className={styles.pending} data-testid="allowlist-state">
        {t('security.allowlist.turningOff')}{' '}
        <bdi dir="ltr" className={styles.countdown}>
          {formatTimeLeft(left)}
        </bdi>
      </span>
    );
  }
  return (
    <span className={on ? styles.on : styles.off} data-testid="allowlist-state">
      {t(on ? 'security.allowlist.on' : 'security.allowlist.off')}
    </span>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className={styles.section} data-testid={testId}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}

function EntryRow({
  entry,
  busy,
  save,
}: {
  entry: AllowlistEntry;
  busy: string | null;
  save(key: string, call: () => ReturnType<typeof setAllowlist>): void;
}) {
  const { t } = useTranslation();
  const left = useSecondsLeft(entry.usableAt);
  const key = `${entry.type}-${entry.id}`;
  const listed = entry.listed === 1;
  return (
    <li className={styles.entry} data-testid={`allowlist-entry-${key}`}>
      <div className={styles.entryText}>
        <span className={styles.entryTitle}>
          <bdi>{entry.title}</bdi>
          {entry.network && <span className={styles.network}>{entry.network}</span>}
        </span>
        <bdi dir="ltr" className={styles.destination}>
          {entry.destination}
        </bdi>
        <EntryState listed={listed} left={left} />
      </div>
      <Button
        variant={listed ? 'secondary' : 'primary'}
        busy={busy === key}
        disabled={busy !== null && busy !== key}
        onClick={() =>
          save(key, () =>
            listed ? removeAllowlistEntry(entry.type, entry.id) : addAllowlistEntry(entry.type, entry.id),
          )
        }
      >
        {t(listed ? 'security.allowlist.remove' : 'security.allowlist.add')}
      </Button>
    </li>
  );
}

/** Not listed, usable, or usable after the time left (counting down). */
function EntryState({ listed, left }: { listed: boolean; left: number }) {
  const { t } = useTranslation();
  if (!listed) return <span className={styles.off}>{t('security.allowlist.notListed')}</span>;
  if (left === 0) return <span className={styles.on}>{t('security.allowlist.usable')}</span>;
  return (
    <span className={styles.pending} data-testid="allowlist-countdown">
      {t('security.allowlist.usableIn')}{' '}
      <bdi dir="ltr" className={styles.countdown}>
        {formatTimeLeft(left)}
      </bdi>
    </span>
  );
}
