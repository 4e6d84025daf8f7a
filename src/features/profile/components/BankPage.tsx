import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { IconCard, IconEdit, IconPlus } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SecondStepField } from '../../../components/ui/SecondStepField.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden.tsx';
import { displayCardNumber } from '../../../lib/bank-card-display.ts';
import { goBack } from '../../../lib/navigation.ts';
import { isOff, type SiteSettings, useSiteSettings } from '../../../lib/site-settings.ts';
import { isValid, type FieldErrors } from '../../../lib/validation.ts';
import {
  bankCardFields,
  getBankCards,
  saveBankCard,
  validateBankCard,
  type BankCard,
  type BankCardField,
  type BankCardInput,
} from '../api/bank-cards.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useApproval } from '../../../lib/use-approval.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { StatusPanel } from './StatusPanel.tsx';
import styles from './profile.module.css';

/**
 * Bank cards (docs/product-rules.md#bank-cards): the saved cards, each number shown by its last 4
 * digits while bank_swan_type is 1, and the add / modify form. docs/product-rules.md#bank-cards: with no card the add button
 * always shows; once there is one, add and edit show only while can_edit_bank is 1. Closed while
 * bank_switch is off.
 */
export function BankPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const cards = useLoaded(getBankCards, []);
  const [editing, setEditing] = useState<BankCard | 'new' | null>(null);
  const closed = isOff(settings, 'bank_switch');
  const list = cards.data ?? [];
  const mayChange = list.length === 0 || Number(settings?.can_edit_bank) === 1;

  let body;
  if (closed) body = <StatusPanel icon={<IconCard />} title={t('profile.bank.closed')} testId="bank-status" />;
  else if (!cards.data) body = cards.state === 'failed' ? <LoadFailed onRetry={cards.reload} /> : <CardsSkeleton />;
  else if (editing !== null)
    body = (
      <BankCardForm
        card={editing === 'new' ? null : editing}
        onCancel={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          cards.reload();
        }}
      />
    );
  else
    body = (
      <>
        {list.length === 0 ? (
          <StatusPanel
            icon={<IconCard />}
            title={t('profile.bank.empty')}
            text={t('profile.bank.emptyText')}
            testId="bank-status"
          />
        ) : (
          <ul className={styles.list} aria-label={t('profile.bank.saved')}>
            {list.map((card) => (
              <li key={card.id}>
                <CardTile card={card} settings={settings} onEdit={mayChange ? () => setEditing(card) : undefined} />
              </li>
            ))}
          </ul>
        )}
        {mayChange ? (
          <Button
            block
            variant={list.length === 0 ? 'primary' : 'secondary'}
            onClick={() => setEditing('new')}
            data-testid="bank-add"
          >
            <IconPlus size={18} />
            {t('profile.bank.add')}
          </Button>
        ) : (
          <p className={styles.note}>{t('profile.bank.locked')}</p>
        )}
      </>
    );

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('route.bank')}
        backLabel={t('common.back')}
        onBack={() => (editing !== null ? setEditing(null) : goBack('/'))}
      />
      <div className={styles.content}>{body}</div>
    </div>
  );
}

function CardTile({ card, settings, onEdit }: { card: BankCard; settings: SiteSettings | null; onEdit?: () => void }) {
  const { t } = useTranslation();
  return (
    <article className={styles.card} data-testid="bank-card" aria-label={card.bank_name}>
      <div className={styles.cardHead}>
        <span className={styles.bankName}>{card.bank_name}</span>
        {onEdit && (
          <button type="button" className={styles.cardEdit} onClick={onEdit}>
            <IconEdit size={16} />
            {t('profile.bank.edit')} <VisuallyHidden>{card.bank_name}</VisuallyHidden>
          </button>
        )}
      </div>
      <bdi className={[styles.cardNumber, styles.ltr].join(' ')} dir="ltr" data-testid="card-number">
        {displayCardNumber(card.card_number, settings)}
      </bdi>
      <span className={styles.holder}>{card.card_name}</span>
    </article>
  );
}

interface BankCardFormProps {
  /** The card to change, or null to add one. */
  card: BankCard | null;
  onCancel(): void;
  onSaved(): void;
}

/**
 * The bank form (docs/product-rules.md#bank-cards): bank name, cardholder name and card number, each required, checked in
 * that order. A card whose number came masked starts with the number empty: it must be typed again
 * in full (the hint names its last 4 digits).
 */
function BankCardForm({ card, onCancel, onSaved }: BankCardFormProps) {
  const { t } = useTranslation();
  const masked = card !== null && /\D/.test(card.card_number);
  const [values, setValues] = useState({
    bankName: card?.bank_name ?? '',
    cardName: card?.card_name ?? '',
    cardNumber: masked ? '' : (card?.card_number ?? ''),
  });
  const [errors, setErrors] = useState<FieldErrors<BankCardField>>({});
  const submitter = useSubmit();
  const busy = submitter.busy !== null;
  /** The card the confirm sheet shows and its second step approves; null while it is closed. */
  const [pending, setPending] = useState<BankCardInput | null>(null);
  const approval = useApproval({
    submit: submitter,
    key: 'save',
    operation: 'bank_card',
    fields: pending ? bankCardFields(pending) : null,
    call: (proof) => saveBankCard(pending ?? { id: null, bankName: '', cardName: '', cardNumber: '' }, proof),
    onDone: () => {
      setPending(null);
      onSaved();
    },
    onRefused: () => setPending(null),
  });
  const change = (field: BankCardField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = { id: card?.id ?? null, ...values };
    const found = validateBankCard(input);
    setErrors(found);
    if (!isValid(found)) return;
    // With a second factor the card is confirmed in a sheet, whole, with the code that approves it.
    if (approval.asks) return setPending(input);
    await submitter.run(
      'save',
      () => saveBankCard(input),
      () => onSaved(),
    );
  };

  const error = (field: BankCardField) => (errors[field] ? t(errors[field]) : null);
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="bank-form">
      <h2 className={styles.formTitle}>{t(card ? 'profile.bank.editTitle' : 'profile.bank.add')}</h2>
      <TextField
        label={t('profile.bank.bankName')}
        placeholder={t('profile.bank.bankNamePlaceholder')}
        name="bank_name"
        maxLength={60}
        value={values.bankName}
        onChange={change('bankName')}
        error={error('bankName')}
      />
      <TextField
        label={t('profile.bank.cardName')}
        placeholder={t('profile.bank.cardNamePlaceholder')}
        name="card_name"
        autoComplete="cc-name"
        maxLength={50}
        value={values.cardName}
        onChange={change('cardName')}
        error={error('cardName')}
      />
      <TextField
        label={t('profile.bank.cardNumber')}
        placeholder={t('profile.bank.cardNumberPlaceholder')}
        name="card_number"
        inputMode="numeric"
        autoComplete="cc-number"
        dir="ltr"
        maxLength={40}
        value={values.cardNumber}
        onChange={change('cardNumber')}
        error={error('cardNumber')}
      />
      {masked && !errors.cardNumber && (
        <p className={styles.hint}>
          {t('profile.bank.retypeNumber', { last4: card.card_number.replace(/\D/g, '').slice(-4) })}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('profile.bank.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {t('profile.bank.save')}
        </Button>
      </div>
      {pending && (
        <ConfirmSheet
          open
          title={t('security.approval.confirmCard')}
          rows={[
            { label: t('profile.bank.bankName'), value: <bdi>{pending.bankName.trim()}</bdi> },
            { label: t('profile.bank.cardName'), value: <bdi>{pending.cardName.trim()}</bdi> },
            {
              label: t('profile.bank.cardNumber'),
              value: <bdi dir="ltr">{pending.cardNumber.trim()}</bdi>,
              long: true,
              testId: 'confirm-card',
            },
          ]}
          confirmLabel={t('profile.bank.save')}
          busy={busy}
          disabled={!approval.ready}
          onConfirm={() => void approval.confirm()}
          onClose={() => setPending(null)}
          testId="bank-confirm"
        >
          {approval.field && <SecondStepField {...approval.field} />}
        </ConfirmSheet>
      )}
    </form>
  );
}

function CardsSkeleton() {
  return (
    <div className={styles.skeletons} aria-hidden="true">
      <Skeleton height={124} />
      <Skeleton height={44} />
    </div>
  );
}
