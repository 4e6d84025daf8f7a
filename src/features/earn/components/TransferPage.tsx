import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { AmountField } from '../../../components/ui/AmountField.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { SecondStepField } from '../../../components/ui/SecondStepField.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PayPasswordField } from '../../../components/ui/PayPasswordField.tsx';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { IconCheck } from '../../../components/ui/icons.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatFixed, formatTrim } from '../../../lib/money.ts';
import { goBack } from '../../../lib/navigation.ts';
import { isOff, isOn, useSiteSettings } from '../../../lib/site-settings.ts';
import { getTransferCoins, type TransferCoin } from '../api/get-transfer-coins.ts';
import { searchUser, type Receiver } from '../api/search-user.ts';
import { sendTransfer, transferFields, type TransferInput } from '../api/send-transfer.ts';
import { PASSWORD_REQUIRED } from '../api/earn-rules.ts';
import { arrivalAmount, checkTransfer, feePercent, transferFee } from '../api/transfer-rules.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useApproval } from '../../../lib/use-approval.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { ClosedNotice } from '../../../components/ui/ClosedNotice.tsx';
import { HeldFields, SecurityHoldNotice } from '../../../components/ui/SecurityHoldNotice.tsx';
import { getSecurityHold } from '../../../lib/withdraw-guard.ts';
import styles from './earn.module.css';

/**
 * Internal transfer (docs/product-rules.md#internal-transfers): search an account by its name, tap it to confirm the
 * receiver, and only then the form: coin, amount, trade password when required, the fee, the
 * arrival time and the amount that arrives. Transfer opens the confirm step that states them all
 * again; its confirm sends, and the user lands on the records, newest first. During a security hold
 * the hold and its time left show first and the flow is disabled.
 */
export function TransferPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const closed = isOff(settings, 'Internal_transfer_status');
  // A security hold shows before anything is typed, and keeps the whole flow disabled until it ends.
  const guard = useLoaded(getSecurityHold, []);
  const hold = guard.data?.hold ?? null;
  return (
    <div className={styles.page}>
      <PageHeader
        title={t('route.transfer')}
        backLabel={t('common.back')}
        onBack={() => goBack('/')}
        end={
          <Link href="/transfer-list" className={styles.headerLink}>
            {t('earn.transfer.records')}
          </Link>
        }
      />
      {closed ? (
        <ClosedNotice message={t('earn.closed')} />
      ) : (
        <>
          {hold && <SecurityHoldNotice hold={hold} onEnd={guard.reload} />}
          <HeldFields held={hold !== null}>
            <TransferFlow passwordRequired={isOn(settings, 'traders_password_switch')} />
          </HeldFields>
        </>
      )}
    </div>
  );
}

function TransferFlow({ passwordRequired }: { passwordRequired: boolean }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [username, setUsername] = useState('');
  const [found, setFound] = useState<Receiver | null>(null);
  const [receiver, setReceiver] = useState<Receiver | null>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setReceiver(null);
    setFound(null);
    const problem = username.trim() ? null : { key: 'earn.transfer.usernameRequired' };
    void submit.run('search', () => searchUser(username), setFound, problem);
  };

  return (
    <div className={styles.content}>
      <form className={styles.section} onSubmit={search} noValidate>
        <TextField
          className={styles.fieldFlush}
          label={t('earn.transfer.receiver')}
          placeholder={t('earn.transfer.searchPlaceholder')}
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setFound(null);
            setReceiver(null);
          }}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          trailing={
            <Button type="submit" variant="ghost" busy={submit.busy === 'search'}>
              {t('earn.transfer.search')}
            </Button>
          }
        />
      </form>
      {found && (
        <button
          type="button"
          className={[styles.receiver, receiver ? styles.receiverConfirmed : ''].join(' ')}
          aria-pressed={receiver !== null}
          onClick={() => setReceiver(receiver ? null : found)}
          data-testid="transfer-receiver"
        >
          <span className={styles.cardTitle}>
            <bdi>{found.username}</bdi>
            <span className={styles.sub}>{t('earn.transfer.uid', { id: found.id })}</span>
          </span>
          {receiver ? (
            <span className={[styles.receiverState, styles.rate].join(' ')}>
              <IconCheck size={16} />
              {t('earn.transfer.confirmed')}
            </span>
          ) : (
            <span className={[styles.receiverState, styles.sub].join(' ')}>{t('earn.transfer.tapToConfirm')}</span>
          )}
        </button>
      )}
      {receiver && (
        <TransferForm key={receiver.id} receiver={receiver} passwordRequired={passwordRequired} submit={submit} />
      )}
    </div>
  );
}

function TransferForm({
  receiver,
  passwordRequired,
  submit,
}: {
  receiver: Receiver;
  passwordRequired: boolean;
  submit: ReturnType<typeof useSubmit>;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const coins = useLoaded(
    () => getTransferCoins(),
    [],
    (data) => data.list.length === 0,
  );
  const [coinId, setCoinId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const list = coins.data?.list ?? [];
  const coin: TransferCoin | null = list.find((entry) => entry.id === coinId) ?? list[0] ?? null;
  const percent = coin ? feePercent(coin.internal_transfer_sxf) : null;
  const fee = coin ? transferFee(amount, coin.internal_transfer_sxf) : null;
  const arrives = coin ? arrivalAmount(amount, coin.internal_transfer_sxf) : null;

  const [confirming, setConfirming] = useState(false);
  const arrival = coin
    ? coin.internal_transfer_days > 0
      ? t('earn.transfer.arrivesIn', { days: format.days(coin.internal_transfer_days) })
      : t('earn.transfer.arrivesNow')
    : '--';
  const feeText =
    percent === null ? (
      t('earn.transfer.noFee')
    ) : (
      <>
        {format.rate(percent)} · <CoinAmount amount={fee ? formatFixed(fee, 8) : '--'} coin={coin?.title} />
      </>
    );
  const input: TransferInput = {
    toUid: receiver.id,
    coinId: coin?.id ?? 0,
    amount,
    payPassword: passwordRequired ? password : null,
  };
  const call = () => sendTransfer(input);
  // The second step approves exactly the receiver, coin and amount the sheet shows.
  const approval = useApproval({
    submit,
    key: 'send',
    operation: 'internal_transfer',
    fields: confirming && coin ? transferFields(input) : null,
    call: (proof) => sendTransfer(input, proof),
    onDone: () => {
      setConfirming(false);
      navigate('/transfer-list');
    },
    onRefused: () => setConfirming(false),
  });

  // Transfer checks the form, refusing a broken rule as every submit does (a toast; a missing
  // password beneath its field), then opens the confirm step.
  const review = () => {
    const problem = checkTransfer({ receiverConfirmed: true, coin, amount, passwordRequired, password });
    if (problem?.key === PASSWORD_REQUIRED) return setPasswordError(t(problem.key));
    if (problem) return void submit.run('send', call, undefined, problem);
    setConfirming(true);
  };

  // The sheet's confirm sends; a refusal (a wrong password) closes it, back to the form its toast names,
  // unless it is the second step's own: that one shows in the sheet.
  const send = () => void approval.confirm();

  if (coins.state === 'loading' && !coins.data) return <Skeleton height={320} />;
  return (
    <section className={styles.section} data-testid="transfer-form">
      <SelectField
        label={t('earn.transfer.coin')}
        options={list.map((entry) => ({
          key: entry.id,
          label: entry.title,
          detail: <bdi>{formatFixed(entry.balance, 8)}</bdi>,
        }))}
        value={coin?.id ?? null}
        onChange={(id) => {
          setCoinId(id);
          // docs/product-rules.md#internal-transfers: changing the coin resets the amount.
          setAmount('');
        }}
        placeholder={t('earn.transfer.chooseCoin')}
        closeLabel={t('common.close')}
        testId="transfer-coin"
      />
      <AmountField
        className={styles.fieldFlush}
        label={t('earn.amount')}
        placeholder={t('earn.transfer.amountPlaceholder')}
        value={amount}
        onChange={setAmount}
        unit={coin?.title}
        available={coin ? formatTrim(coin.balance, 8) : undefined}
        onAll={coin ? () => setAmount(formatFixed(coin.balance, coin.decimals).replace(/\.?0+$/, '')) : undefined}
        allLabel={t('earn.all')}
        dir="ltr"
      />
      <DetailList
        rows={[
          {
            label: t('earn.balance'),
            value: <CoinAmount amount={coin ? formatFixed(coin.balance, 8) : '--'} coin={coin?.title} />,
          },
          { label: t('earn.transfer.fee'), value: feeText, testId: 'transfer-fee' },
          { label: t('earn.transfer.arrival'), value: arrival },
          {
            label: t('earn.transfer.actual'),
            value: (
              <CoinAmount amount={arrives && arrives.gte(0) ? formatFixed(arrives, 8) : '--'} coin={coin?.title} />
            ),
            strong: true,
            testId: 'transfer-actual',
          },
        ]}
      />
      {passwordRequired && (
        <PayPasswordField
          className={styles.fieldFlush}
          value={password}
          onChange={(text) => {
            setPassword(text);
            setPasswordError(null);
          }}
          error={passwordError}
        />
      )}
      <SendButton block busy={submit.busy === 'send' && !confirming} onClick={review} data-testid="transfer-send">
        {t('earn.transfer.send')}
      </SendButton>
      <ConfirmSheet
        open={confirming && coin !== null}
        title={t('earn.transfer.confirmTitle')}
        rows={[
          {
            label: t('earn.transfer.receiver'),
            value: (
              <>
                <bdi>{receiver.username}</bdi> · {t('earn.transfer.uid', { id: receiver.id })}
              </>
            ),
            testId: 'transfer-confirm-receiver',
          },
          {
            label: t('earn.amount'),
            value: <CoinAmount amount={formatTrim(amount, 8)} coin={coin?.title} />,
            testId: 'transfer-confirm-amount',
          },
          { label: t('earn.transfer.fee'), value: feeText, testId: 'transfer-confirm-fee' },
          { label: t('earn.transfer.arrival'), value: arrival },
          {
            label: t('earn.transfer.actual'),
            value: <CoinAmount amount={arrives ? formatFixed(arrives, 8) : '--'} coin={coin?.title} />,
            strong: true,
            testId: 'transfer-confirm-actual',
          },
        ]}
        confirmLabel={t('earn.transfer.send')}
        busy={submit.busy === 'send'}
        disabled={!approval.ready}
        onConfirm={send}
        onClose={() => setConfirming(false)}
        testId="transfer-confirm"
      >
        <p>{t('earn.transfer.confirmText')}</p>
        {approval.field && <SecondStepField {...approval.field} />}
      </ConfirmSheet>
    </section>
  );
}
