import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { AmountField } from '../../../components/ui/AmountField.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import type { DetailRow } from '../../../components/ui/DetailList.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PayPasswordField } from '../../../components/ui/PayPasswordField.tsx';
import { SecondStepField } from '../../../components/ui/SecondStepField.tsx';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { displayCardNumber } from '../../../lib/bank-card-display.ts';
import { goBack } from '../../../lib/navigation.ts';
import { isOn, useSiteSettings, type SiteSettings } from '../../../lib/site-settings.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { checkAmount, withdrawAll, withdrawalFee, type Problem } from '../api/wallet-rules.ts';
import {
  getBankCards,
  getWithdrawCoins,
  getWithdrawInfo,
  submitWithdrawal,
  validateWithdrawal,
  withdrawalFields,
  type WithdrawInfo,
  type WithdrawInput,
} from '../api/withdraw.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useApproval } from '../../../lib/use-approval.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { AmountText } from './AmountText.tsx';
import { ClosedNotice } from '../../../components/ui/ClosedNotice.tsx';
import { HeldFields, SecurityHoldNotice } from '../../../components/ui/SecurityHoldNotice.tsx';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import { blockedByAllowlist, formatTimeLeft, getAllowlist, type Allowlist } from '../../../lib/withdraw-guard.ts';
import { recordsPath } from './records-path.ts';
import styles from './wallet.module.css';

type Method = 'wallet' | 'bank';

/** The withdrawal tabs the switches open (docs/product-rules.md#withdrawals): to a wallet while address_switch is 1, to a bank while bank_switch is 1. */
export function withdrawMethods(settings: SiteSettings | null): Method[] {
  return [
    ...(isOn(settings, 'address_switch') ? (['wallet'] as const) : []),
    ...(isOn(settings, 'bank_switch') ? (['bank'] as const) : []),
  ];
}

/**
 * Withdrawal: a coin picker, the wallet and bank tabs, the bound address (with its network)
 * or card with a link to bind one, the amount with All, the trade password while
 * traders_password_switch is 1, what arrives and the fee as the user types, and submit only while
 * withdrawal_status is 1. Submit opens a confirm sheet with the destination in full and every figure;
 * once the withdrawal is in, the user lands on its record (the coin's withdrawals, newest first).
 */
export function WithdrawalPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.withdrawal')} backLabel={t('common.back')} onBack={() => goBack('/assets')} />
      {settings && withdrawMethods(settings).length === 0 ? (
        <ClosedNotice message={t('wallet.withdraw.closed')} />
      ) : (
        <WithdrawForm settings={settings} onDone={(coin) => navigate(recordsPath(coin, 'withdraw'))} />
      )}
    </div>
  );
}

function WithdrawForm({
  settings,
  onDone,
}: {
  settings: SiteSettings | null;
  onDone(coin: { id: number; title: string }): void;
}) {
  const { t } = useTranslation();
  const texts = useListTexts();
  const coins = useLoaded(getWithdrawCoins, []);
  const list = coins.data?.list ?? [];
  const [coinId, setCoinId] = useState<number | null>(null);
  const coin = list.find((c) => c.id === coinId) ?? list[0] ?? null;
  const info = useLoaded(() => (coin ? getWithdrawInfo(coin.id) : null), [coin?.id]);
  const methods = withdrawMethods(settings);
  const [chosenMethod, setMethod] = useState<Method | null>(null);
  const method = chosenMethod && methods.includes(chosenMethod) ? chosenMethod : (methods[0] ?? 'wallet');
  const cards = useLoaded(getBankCards, []);
  // The hold and the allow-list, read with the form so a hold shows before anything is typed.
  const guard = useLoaded(getAllowlist, []);
  const hold = guard.data?.hold ?? null;
  const [addressId, setAddressId] = useState<number | null>(null);
  const [cardId, setCardId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const submitter = useSubmit();
  const busy = submitter.busy !== null;
  /** What the confirm sheet shows and sends; null while it is closed. */
  const [pending, setPending] = useState<WithdrawInput | null>(null);
  // The second step approves exactly what the sheet shows; a refusal is mended in the form, as every
  // confirm sheet does (docs/money-input.md), unless it is the second step's own (then in the sheet).
  const approval = useApproval({
    submit: submitter,
    key: 'withdraw',
    operation: 'withdraw',
    fields: pending ? withdrawalFields(pending) : null,
    call: (proof) => submitWithdrawal(pending as WithdrawInput, proof),
    onDone: () => {
      setPending(null);
      if (coin) onDone(coin);
    },
    onRefused: () => setPending(null),
  });
  const needsPassword = isOn(settings, 'traders_password_switch');
  const canSubmit = isOn(settings, 'withdrawal_status');

  if (!coin) {
    if (coins.state === 'failed') return <ListStatus state="failed" texts={texts} onRetry={coins.reload} />;
    if (coins.state === 'loading')
      return (
        <div className={styles.content}>
          <Skeleton height={420} />
        </div>
      );
    return <ListStatus state="empty" texts={texts} />;
  }

  const limits: WithdrawInfo | null = info.data;
  const addresses = limits?.address_list ?? [];
  const address = addresses.find((a) => a.id === addressId) ?? addresses[0] ?? null;
  const cardList = cards.data ?? [];
  const card = cardList.find((c) => c.id === cardId) ?? cardList[0] ?? null;
  const typed = limits
    ? checkAmount(amount, { requiredKey: 'wallet.withdraw.amountRequired', decimals: limits.decimals })
    : null;
  const fee = limits && typed?.ok ? withdrawalFee(typed.amount, limits) : null;

  const reset = () => {
    setAmount('');
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!limits || busy) return;
    const input: WithdrawInput = {
      coinId: coin.id,
      amount,
      withdrawType: method === 'wallet' ? 1 : 2,
      addressId: address?.id ?? null,
      cardId: card?.id ?? null,
      payPassword: needsPassword ? password : null,
    };
    const destinationId = input.withdrawType === 1 ? input.addressId : input.cardId;
    const found =
      destinationId !== null && blockedByAllowlist(guard.data, input.withdrawType, destinationId, Date.now())
        ? { key: 'security.allowlist.blocked' }
        : validateWithdrawal(input, limits);
    setProblem(found);
    if (!found) setPending(input);
  };
  /** The sheet's figures: the destination whole, then the amount, the fee and what arrives, each with its unit. */
  const confirmRows = (): DetailRow[] => {
    const dp = limits?.decimals ?? 8;
    const inCoin = (value: Parameters<typeof AmountText>[0]['value']) => (
      <CoinAmount amount={<AmountText value={value} dp={dp} />} coin={coin.title} />
    );
    const destination: DetailRow[] =
      pending?.withdrawType === 1
        ? [
            { label: t('wallet.withdraw.network'), value: <bdi>{address?.coin_net}</bdi>, testId: 'confirm-network' },
            {
              label: t('wallet.withdraw.address'),
              value: <bdi dir="ltr">{address?.address}</bdi>,
              long: true,
              testId: 'confirm-address',
            },
          ]
        : [
            { label: t('wallet.withdraw.network'), value: t('wallet.withdraw.toBank'), testId: 'confirm-network' },
            {
              label: t('wallet.withdraw.card'),
              value: (
                <bdi dir="ltr">{card ? `${card.bank_name} ${displayCardNumber(card.card_number, settings)}` : ''}</bdi>
              ),
              long: true,
              testId: 'confirm-card',
            },
          ];
    return [
      { label: t('wallet.form.coin'), value: coin.title, testId: 'confirm-coin' },
      ...destination,
      { label: t('wallet.withdraw.amount'), value: inCoin(pending?.amount ?? '0'), testId: 'confirm-amount' },
      { label: t('wallet.withdraw.fee'), value: fee ? inCoin(fee.fee) : '--', testId: 'confirm-fee' },
      {
        label: t('wallet.withdraw.received'),
        value: fee ? inCoin(fee.received) : '--',
        strong: true,
        testId: 'confirm-received',
      },
    ];
  };
  const fieldError = (keys: string[]) =>
    problem && keys.includes(problem.key) ? t(problem.key, problem.params) : null;

  const notUsable = (type: 1 | 2, id: number) =>
    blockedByAllowlist(guard.data, type, id, Date.now()) ? ` · ${t('security.allowlist.notUsable')}` : '';

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {hold && <SecurityHoldNotice hold={hold} onEnd={guard.reload} inline />}
      <HeldFields held={hold !== null}>
        <SelectField
          label={t('wallet.form.coin')}
          options={list.map((c) => ({ key: c.id, label: c.title }))}
          value={coin.id}
          onChange={(key) => {
            setCoinId(key);
            setAddressId(null);
            reset();
          }}
          placeholder={t('wallet.form.choose')}
          closeLabel={t('common.close')}
          testId="withdraw-coin"
        />
        {methods.length > 1 && (
          <Tabs<Method>
            label={t('wallet.withdraw.method')}
            value={method}
            onChange={(next) => {
              setMethod(next);
              setProblem(null);
            }}
            items={methods.map((key) => ({
              key,
              label: t(key === 'wallet' ? 'wallet.withdraw.toWallet' : 'wallet.withdraw.toBank'),
            }))}
          />
        )}
        {method === 'wallet' ? (
          <>
            <SelectField<number>
              label={t('wallet.withdraw.address')}
              options={addresses.map((a) => ({ key: a.id, label: a.address, detail: a.coin_net + notUsable(1, a.id) }))}
              value={address?.id ?? null}
              onChange={setAddressId}
              placeholder={t(info.state === 'loading' ? 'common.loading' : 'wallet.withdraw.noAddress')}
              closeLabel={t('common.close')}
              disabled={addresses.length === 0}
              error={fieldError(['wallet.withdraw.addressRequired', 'security.allowlist.blocked'])}
              wholeValue
              testId="withdraw-address"
            />
            {address && <AllowlistMark list={guard.data} type={1} id={address.id} />}
            {address && (
              <p className={styles.hint}>
                <span>{t('wallet.withdraw.network')}</span>
                <strong data-testid="withdraw-network">
                  <bdi>{address.coin_net}</bdi>
                </strong>
              </p>
            )}
            <Link href="/bindMentionAddress" className={styles.linkButton}>
              {t(addresses.length === 0 ? 'wallet.withdraw.bindAddress' : 'wallet.withdraw.changeAddress')}
            </Link>
          </>
        ) : (
          <>
            <SelectField<number>
              label={t('wallet.withdraw.card')}
              options={cardList.map((c) => ({
                key: c.id,
                label: c.bank_name,
                detail: (
                  <>
                    <bdi dir="ltr">{displayCardNumber(c.card_number, settings)}</bdi>
                    {notUsable(2, c.id)}
                  </>
                ),
              }))}
              value={card?.id ?? null}
              onChange={setCardId}
              placeholder={t(cards.state === 'loading' ? 'common.loading' : 'wallet.withdraw.noCard')}
              closeLabel={t('common.close')}
              disabled={cardList.length === 0}
              error={fieldError(['wallet.withdraw.cardRequired', 'security.allowlist.blocked'])}
              testId="withdraw-card"
            />
            {card && <AllowlistMark list={guard.data} type={2} id={card.id} />}
            <Link href="/bank" className={styles.linkButton}>
              {t(cardList.length === 0 ? 'wallet.withdraw.bindCard' : 'wallet.withdraw.manageCards')}
            </Link>
          </>
        )}
        <AmountField
          label={t('wallet.withdraw.amount')}
          placeholder={
            limits
              ? t('wallet.withdraw.rangeHint', { min: limits.txminnum, max: limits.txmaxnum })
              : t('wallet.form.amountPlaceholder')
          }
          value={amount}
          onChange={(text) => {
            setAmount(text);
            setProblem(null);
          }}
          unit={coin.title}
          available={limits?.balance}
          onAll={() => limits && setAmount(withdrawAll(limits))}
          allLabel={t('wallet.form.all')}
          error={fieldError([
            'wallet.withdraw.amountRequired',
            'wallet.form.amountInvalid',
            'wallet.form.amountDecimals',
            'wallet.withdraw.range',
            'wallet.form.insufficient',
            'wallet.withdraw.belowFee',
          ])}
          name="amount"
        />
        <p className={styles.hint}>
          <span>{t('wallet.form.available')}</span>
          <strong data-testid="withdraw-available">
            <CoinAmount amount={limits ? <AmountText value={limits.balance} dp={8} /> : '--'} coin={coin.title} />
          </strong>
        </p>
        {needsPassword && (
          <PayPasswordField
            value={password}
            onChange={(text) => {
              setPassword(text);
              setProblem(null);
            }}
            error={fieldError(['wallet.form.payPasswordRequired', 'wallet.form.payPasswordRule'])}
          />
        )}
        <dl className={styles.estimate} data-testid="withdraw-estimate">
          <div>
            <dt>{t('wallet.withdraw.received')}</dt>
            <dd data-testid="withdraw-received">
              {fee ? <AmountText value={fee.received} dp={limits?.decimals ?? 8} /> : '--'}
            </dd>
          </div>
          <div>
            <dt>{t('wallet.withdraw.fee')}</dt>
            <dd data-testid="withdraw-fee">
              {limits &&
                (limits.sxftype === 1
                  ? t('wallet.withdraw.feePercent', { percent: limits.txsxf })
                  : t('wallet.withdraw.feeFixed', { fee: limits.txsxf_n, coin: coin.title }))}
              {fee && limits?.sxftype === 1 && (
                <>
                  {' · '}
                  <CoinAmount amount={<AmountText value={fee.fee} dp={limits.decimals} />} coin={coin.title} />
                </>
              )}
            </dd>
          </div>
        </dl>
        {canSubmit ? (
          <SendButton type="submit" block busy={busy} disabled={!limits}>
            {t('wallet.withdraw.submit')}
          </SendButton>
        ) : (
          <ClosedNotice message={t('wallet.withdraw.closed')} inline />
        )}
      </HeldFields>
      {limits && pending && fee && (
        <ConfirmSheet
          open
          title={t('wallet.withdraw.confirmTitle')}
          rows={confirmRows()}
          confirmLabel={t('wallet.withdraw.confirm')}
          busy={busy}
          disabled={!approval.ready}
          onConfirm={() => void approval.confirm()}
          onClose={() => setPending(null)}
          testId="withdraw-confirm"
        >
          {approval.field && <SecondStepField {...approval.field} />}
        </ConfirmSheet>
      )}
    </form>
  );
}

/**
 * Under the chosen address or card while the allow-list is on: that it is not on the list, or the
 * time until it may be used (counting down), with the way to the list. Nothing when it may be used.
 */
function AllowlistMark({ list, type, id }: { list: Allowlist | null; type: 1 | 2; id: number }) {
  const { t } = useTranslation();
  const entry = list?.list.find((e) => e.type === type && e.id === id);
  const left = useSecondsLeft(entry?.usableAt ?? null);
  if (!list || list.on === 0 || (entry && entry.usableAt !== null && left === 0)) return null;
  return (
    <p className={styles.allowlistMark} data-testid="withdraw-allowlist-mark">
      <span>
        {entry?.usableAt == null ? (
          t('security.allowlist.blocked')
        ) : (
          <>
            {t('security.allowlist.usableIn')}{' '}
            <bdi dir="ltr" className={styles.countdown}>
              {formatTimeLeft(left)}
            </bdi>
          </>
        )}
      </span>
      <Link href="/security/allowlist">{t('security.allowlist.manage')}</Link>
    </p>
  );
}
