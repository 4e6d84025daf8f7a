import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { IconEdit, IconPasskey, IconPlus } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SecondStepField } from '../../../components/ui/SecondStepField.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useFormats } from '../../../lib/format.ts';
import { goBack } from '../../../lib/navigation.ts';
import { useApproval } from '../../../lib/use-approval.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import {
  addPasskey,
  getPasskeys,
  PASSKEY_NAME_MAX,
  passkeyNameProblem,
  passkeyRemovalFields,
  removePasskey,
  renamePasskey,
  type Passkey,
} from '../api/passkeys.ts';
import styles from './passkeys.module.css';

/**
 * Passkeys (docs/account-protection.md#passkeys): the user's passkeys with when each was added and
 * last used; add one (the device's own fingerprint, face or screen-lock prompt), rename, remove.
 */
export function PasskeysPage() {
  const { t } = useTranslation();
  const passkeys = useLoaded(getPasskeys, [], (list) => list.length === 0);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const list = passkeys.data ?? [];

  let body;
  if (!passkeys.data)
    body =
      passkeys.state === 'failed' ? (
        <LoadFailed onRetry={passkeys.reload} />
      ) : (
        <div className={styles.skeletons} aria-hidden="true">
          <Skeleton height={88} />
          <Skeleton height={88} />
        </div>
      );
  else if (list.length === 0)
    body = (
      <section className={styles.empty} role="status" data-testid="passkeys-empty">
        <IconPasskey className={styles.emptyIcon} size={40} />
        <h2 className={styles.emptyTitle}>{t('security.passkeys.emptyTitle')}</h2>
        <p className={styles.emptyText}>{t('security.passkeys.emptyText')}</p>
      </section>
    );
  else
    body = (
      <ul className={styles.list} aria-label={t('security.passkeys.title')}>
        {list.map((row) => (
          <PasskeyItem key={row.id} passkey={row} onRename={setRenaming} onRemove={setRemoving} />
        ))}
      </ul>
    );

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('security.passkeys.title')}
        backLabel={t('common.back')}
        onBack={() => goBack('/security')}
      />
      <div className={styles.content}>
        <p className={styles.intro}>{t('security.passkeys.intro')}</p>
        <Button block onClick={() => setAdding(true)} data-testid="passkey-add">
          <IconPlus size={20} />
          {t('security.passkeys.add')}
        </Button>
        {body}
      </div>
      <AddPasskeyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(added) => {
          passkeys.set([...list, added]);
          setAdding(false);
        }}
      />
      {renaming && (
        <RenameDialog
          passkey={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={(renamed) => {
            passkeys.set(list.map((row) => (row.id === renamed.id ? renamed : row)));
            setRenaming(null);
          }}
        />
      )}
      {removing && (
        <RemoveSheet
          passkey={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            passkeys.set(list.filter((row) => row.id !== removing.id));
            setRemoving(null);
          }}
        />
      )}
    </div>
  );
}

/**
 * Confirms removing one passkey. With a second factor on (which a passkey is) the sheet carries the
 * second step of removing exactly this passkey; the passkey itself may approve it. Mounted only while
 * open, so the account's factors are read again each time (one may have just been added here).
 */
function RemoveSheet({ passkey, onClose, onRemoved }: { passkey: Passkey; onClose(): void; onRemoved(): void }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const approval = useApproval({
    submit,
    key: 'remove',
    operation: 'factor_remove',
    fields: passkeyRemovalFields(passkey.id),
    call: (proof) => removePasskey(passkey.id, proof),
    onDone: onRemoved,
  });
  return (
    <ConfirmSheet
      open
      title={t('security.passkeys.removeTitle')}
      rows={[
        { label: t('security.passkeys.nameLabel'), value: passkey.name },
        { label: t('security.passkeys.addedLabel'), value: <When time={passkey.created_at} /> },
      ]}
      confirmLabel={t('security.passkeys.remove')}
      busy={submit.busy === 'remove'}
      disabled={!approval.ready}
      onConfirm={() => void approval.confirm()}
      onClose={onClose}
      testId="passkey-remove-sheet"
    >
      <p className={styles.warning}>{t('security.passkeys.removeWarning')}</p>
      {approval.field && <SecondStepField {...approval.field} />}
    </ConfirmSheet>
  );
}

/** A record time of the server, in the one date format, kept left to right inside any sentence. */
function When({ time }: { time: string }) {
  const formats = useFormats();
  return <bdi dir="ltr">{formats.serverTime(time)}</bdi>;
}

function PasskeyItem({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename(passkey: Passkey): void;
  onRemove(passkey: Passkey): void;
}) {
  const { t } = useTranslation();
  return (
    <li className={styles.item} data-testid="passkey-item">
      <div className={styles.itemHead}>
        <IconPasskey className={styles.itemIcon} size={24} />
        <h2 className={styles.itemName}>{passkey.name}</h2>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('security.passkeys.addedLabel')}</dt>
          <dd>
            <When time={passkey.created_at} />
          </dd>
        </div>
        <div>
          <dt>{t('security.passkeys.lastUsedLabel')}</dt>
          <dd data-testid="passkey-last-used">
            {passkey.last_used_at ? <When time={passkey.last_used_at} /> : t('security.passkeys.neverUsed')}
          </dd>
        </div>
      </dl>
      <div className={styles.itemActions}>
        <Button
          variant="ghost"
          onClick={() => onRename(passkey)}
          aria-label={t('security.passkeys.renameNamed', { name: passkey.name })}
        >
          <IconEdit size={18} />
          {t('security.passkeys.rename')}
        </Button>
        <Button
          variant="danger"
          onClick={() => onRemove(passkey)}
          aria-label={t('security.passkeys.removeNamed', { name: passkey.name })}
        >
          {t('security.passkeys.remove')}
        </Button>
      </div>
    </li>
  );
}

/** Names the passkey about to be made (optional: the server names it after the device), then runs the device's prompt. */
function AddPasskeyDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose(): void;
  onAdded(passkey: Passkey): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passkeyNameProblem(name, false);
    setError(problem ? t(problem, { max: PASSKEY_NAME_MAX }) : null);
    if (problem) return;
    await run(
      'add',
      () => addPasskey(name),
      ({ passkey }) => {
        setName('');
        onAdded(passkey);
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('security.passkeys.add')}
      variant="sheet"
      closeLabel={t('common.close')}
      testId="passkey-add-dialog"
    >
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <p className={styles.hint}>{t('security.passkeys.addHint')}</p>
        <TextField
          label={t('security.passkeys.nameLabel')}
          placeholder={t('security.passkeys.namePlaceholder')}
          name="passkey-name"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
        />
        <Button type="submit" block busy={busy !== null} data-testid="passkey-add-continue">
          {t('security.passkeys.continue')}
        </Button>
      </form>
    </Dialog>
  );
}

function RenameDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: Passkey;
  onClose(): void;
  onRenamed(passkey: Passkey): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passkeyNameProblem(name, true);
    setError(problem ? t(problem, { max: PASSKEY_NAME_MAX }) : null);
    if (problem) return;
    await run(
      'rename',
      () => renamePasskey(passkey.id, name),
      (data) => onRenamed(data.passkey),
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('security.passkeys.renameTitle')}
      variant="sheet"
      closeLabel={t('common.close')}
      testId="passkey-rename-dialog"
    >
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('security.passkeys.nameLabel')}
          name="passkey-name"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
        />
        <Button type="submit" block busy={busy !== null}>
          {t('security.passkeys.save')}
        </Button>
      </form>
    </Dialog>
  );
}
