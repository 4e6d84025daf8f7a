import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { IconAddress, IconChevronRight, IconPaste } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SecondStepField } from '../../../components/ui/SecondStepField.tsx';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { canPaste, pasteText } from '../../../lib/clipboard.ts';
import { goBack } from '../../../lib/navigation.ts';
import { isOff, isOn, useSiteSettings } from '../../../lib/site-settings.ts';
import {
  addressFields,
  getWithdrawAddresses,
  networkHintKey,
  setWithdrawAddress,
  validateAddress,
  type AddressBook,
  type BoundAddress,
} from '../api/withdraw-addresses.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useApproval } from '../../../lib/use-approval.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { StatusPanel } from './StatusPanel.tsx';
import styles from './profile.module.css';

const PATH = '/bindMentionAddress';

/**
 * Bind a withdrawal address (docs/product-rules.md#withdrawal-addresses): a coin picker, the address with paste and
 * a hint of its network's shape, checked like the server checks it, and the addresses bound so far
 * (tap one to edit it: `?id=`). Submit shows only while can_edit_address is 1 or the chosen coin
 * has no address yet. Closed while address_switch is off.
 */
export function AddressPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const book = useLoaded(getWithdrawAddresses, []);
  const editId = Number(new URLSearchParams(useSearch()).get('id')) || null;
  const closed = isOff(settings, 'address_switch');

  const onSaved = (saved: BoundAddress) => {
    const data = book.data as AddressBook;
    const list = data.list.some((row) => row.id === saved.id)
      ? data.list.map((row) => (row.id === saved.id ? saved : row))
      : [...data.list, saved];
    book.set({ ...data, list });
  };

  let body;
  if (closed) body = <StatusPanel icon={<IconAddress />} title={t('profile.address.closed')} testId="address-status" />;
  else if (!book.data) body = book.state === 'failed' ? <LoadFailed onRetry={book.reload} /> : <AddressSkeleton />;
  else if (book.data.coins.length === 0)
    body = <StatusPanel icon={<IconAddress />} title={t('profile.address.noCoins')} testId="address-status" />;
  else {
    const editing = book.data.list.find((row) => row.id === editId) ?? null;
    body = (
      <>
        <AddressForm
          key={editing?.id ?? 'new'}
          book={book.data}
          editing={editing}
          canEdit={isOn(settings, 'can_edit_address')}
          onSaved={onSaved}
        />
        <BoundList list={book.data.list} selectedId={editing?.id ?? null} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('route.bindMentionAddress')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      <div className={styles.content}>{body}</div>
    </div>
  );
}

interface AddressFormProps {
  book: AddressBook;
  /** The address opened by `?id=`: its coin is chosen and its address shown. */
  editing: BoundAddress | null;
  canEdit: boolean;
  onSaved(saved: BoundAddress): void;
}

function AddressForm({ book, editing, canEdit, onSaved }: AddressFormProps) {
  const { t } = useTranslation();
  const [coinId, setCoinId] = useState<number | null>(editing?.c_id ?? null);
  const [address, setAddress] = useState(editing?.address ?? '');
  const [errors, setErrors] = useState<{ coin?: string; address?: string }>({});
  const submitter = useSubmit();
  const busy = submitter.busy !== null;
  const coin = book.coins.find((c) => c.id === coinId) ?? null;
  /** The address the confirm sheet shows and its second step approves; null while it is closed. */
  const [pending, setPending] = useState<{ coinId: number; address: string } | null>(null);
  const saved = (row: BoundAddress | null) => {
    if (!row) return;
    setAddress(row.address);
    onSaved(row);
  };
  const approval = useApproval({
    submit: submitter,
    key: 'save',
    operation: 'withdraw_address',
    fields: pending ? addressFields(pending) : null,
    call: (proof) => setWithdrawAddress(pending ?? { coinId: 0, address: '' }, proof),
    onDone: (row) => {
      setPending(null);
      saved(row);
    },
    onRefused: () => setPending(null),
  });
  const bound = book.list.find((row) => row.c_id === coinId) ?? null;
  const editable = canEdit || bound === null;
  const hint = coin ? networkHintKey(coin.network) : null;

  const chooseCoin = (id: number) => {
    setCoinId(id);
    setAddress(book.list.find((row) => row.c_id === id)?.address ?? '');
    setErrors({});
  };

  const paste = async () => {
    const text = await pasteText();
    if (text) setAddress(text.trim());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !editable) return;
    const problem = validateAddress({ coinId, address }, coin?.network ?? null);
    setErrors(problem ? { [problem.field]: t(problem.key, { coin: coin?.title ?? '' }) } : {});
    if (problem || coinId === null) return;
    // With a second factor the address is confirmed in a sheet, whole, with the code that approves it.
    if (approval.asks) return setPending({ coinId, address });
    await submitter.run('save', () => setWithdrawAddress({ coinId, address }), saved);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="address-form">
      <p className={styles.intro}>{t('profile.address.intro')}</p>
      <SelectField
        label={t('profile.address.coin')}
        placeholder={t('profile.address.coinPlaceholder')}
        closeLabel={t('common.close')}
        options={book.coins.map((c) => ({ key: c.id, label: c.title, detail: c.network }))}
        value={coinId}
        onChange={chooseCoin}
        error={errors.coin}
        testId="address-coin"
      />
      <TextField
        label={t('profile.address.address')}
        placeholder={t('profile.address.addressPlaceholder')}
        name="address"
        dir="ltr"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={100}
        readOnly={!editable}
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        error={errors.address}
        trailing={
          editable && canPaste() ? (
            <button type="button" className={styles.fieldButton} onClick={() => void paste()}>
              <IconPaste size={18} />
              {t('profile.address.paste')}
            </button>
          ) : undefined
        }
      />
      {hint && !errors.address && <p className={styles.hint}>{t(hint, { coin: coin?.title ?? '' })}</p>}
      {editable ? (
        <Button type="submit" block busy={busy}>
          {t(bound ? 'profile.address.save' : 'profile.address.bind')}
        </Button>
      ) : (
        <p className={styles.note} data-testid="address-locked">
          {t('profile.address.locked')}
        </p>
      )}
      {pending && (
        <ConfirmSheet
          open
          title={t('security.approval.confirmAddress')}
          rows={[
            { label: t('profile.address.coin'), value: `${coin?.title ?? ''} · ${coin?.network ?? ''}` },
            {
              label: t('profile.address.address'),
              value: <bdi dir="ltr">{pending.address.trim()}</bdi>,
              long: true,
              testId: 'confirm-address',
            },
          ]}
          confirmLabel={t(bound ? 'profile.address.save' : 'profile.address.bind')}
          busy={busy}
          disabled={!approval.ready}
          onConfirm={() => void approval.confirm()}
          onClose={() => setPending(null)}
          testId="address-confirm"
        >
          {approval.field && <SecondStepField {...approval.field} />}
        </ConfirmSheet>
      )}
    </form>
  );
}

/** The addresses bound so far; tapping one opens it for editing. */
function BoundList({ list, selectedId }: { list: readonly BoundAddress[]; selectedId: number | null }) {
  const { t } = useTranslation();
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="bound-addresses">
      <h2 id="bound-addresses" className={styles.sectionTitle}>
        {t('profile.address.bound')}
      </h2>
      <ul className={styles.list}>
        {list.map((row) => (
          <li key={row.id}>
            <button
              type="button"
              className={styles.addressRow}
              aria-current={row.id === selectedId ? 'true' : undefined}
              onClick={() => navigate(`${PATH}?id=${row.id}`, { replace: true })}
              data-testid="bound-address"
            >
              <span className={styles.rowBody}>
                <span className={styles.coin}>
                  {row.coin}
                  <span className={styles.badge}>{row.network}</span>
                </span>
                <bdi className={[styles.ltr, styles.mono].join(' ')} dir="ltr">
                  {row.address}
                </bdi>
              </span>
              <IconChevronRight className={styles.chevron} size={18} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AddressSkeleton() {
  return (
    <div className={styles.skeletons} aria-hidden="true">
      <Skeleton height={72} />
      <Skeleton height={72} />
      <Skeleton height={44} />
    </div>
  );
}
