import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/ui/AmountField.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { IconSwap } from '../../../components/ui/icons.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PayPasswordField } from '../../../components/ui/PayPasswordField.tsx';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { ACCOUNT_NAME_KEYS, openAccountTypes, type AccountType } from '../../../lib/account-types.ts';
import { formatFixed, toBig } from '../../../lib/money.ts';
import { goBack } from '../../../lib/navigation.ts';
import { isOff, isOn, useSiteSettings } from '../../../lib/site-settings.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import {
  exchangeCoin,
  getExchangeCoins,
  getExchangeQuote,
  validateExchange,
  type ExchangeCoin,
  type ExchangeInput,
  type ExchangeQuote,
} from '../api/exchange.ts';
import { checkAmount, exchangeEstimate, type Problem } from '../api/wallet-rules.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useUsdPrices } from '../hooks/use-usd-prices.ts';
import { AmountText } from './AmountText.tsx';
import { ClosedNotice } from '../../../components/ui/ClosedNotice.tsx';
import styles from './wallet.module.css';

/** The coins a fresh form starts on: the first coin held (else the first), exchanged for USDT (else the next coin). */
export function defaultPair(list: readonly ExchangeCoin[]): { from: ExchangeCoin; to: ExchangeCoin } | null {
  if (list.length < 2) return null;
  const held = list.find((coin) => (toBig(coin.balance)?.gt(0) ?? false) && coin.title !== 'USDT');
  const from = held ?? (list[0] as ExchangeCoin);
  const to =
    list.find((coin) => coin.title === 'USDT' && coin.id !== from.id) ??
    (list.find((coin) => coin.id !== from.id) as ExchangeCoin);
  return { from, to };
}

/**
 * Flash exchange (docs/product-rules.md#flash-exchange /exchangeb): the account type, from and to coins with a swap, the balance,
 * the amount with All, the trade password while traders_password_switch is 1, an estimate of what
 * arrives from the live prices (the worker's tickers) and the fee. Submit asks the server for a
 * binding quote and shows it in a confirm sheet with its countdown: confirming in time fills at
 * exactly the figures shown; a lapsed quote cannot be confirmed and offers a fresh one. After an
 * exchange the form keeps the coins the user chose.
 */
export function FlashExchangePage() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.exchangeb')} backLabel={t('common.back')} onBack={() => goBack('/assets')} />
      {isOff(settings, 'flash_exchange_status') ? (
        <ClosedNotice message={t('wallet.exchange.closed')} />
      ) : (
        <ExchangeForm />
      )}
    </div>
  );
}

function ExchangeForm() {
  const { t } = useTranslation();
  const texts = useListTexts();
  const settings = useSiteSettings();
  const types = openAccountTypes(settings);
  const [type, setType] = useState<AccountType>(1);
  const coins = useLoaded(() => getExchangeCoins(type), [type]);
  const list = coins.data?.list ?? [];
  const [pair, setPair] = useState<{ from: number; to: number } | null>(null);
  const fallback = defaultPair(list);
  const from = list.find((c) => c.id === pair?.from) ?? fallback?.from ?? null;
  const to = list.find((c) => c.id === pair?.to) ?? fallback?.to ?? null;
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const { busy: posting, run } = useSubmit();
  const busy = posting !== null;
  /** The quote in the confirm sheet, with what it was asked for and when it lapses on this device's clock. */
  const [offer, setOffer] = useState<{ input: ExchangeInput; quote: ExchangeQuote; endsAt: number } | null>(null);
  const secondsLeft = useSecondsLeft(offer?.endsAt ?? null);
  const prices = useUsdPrices([from, to].flatMap((coin) => (coin ? [coin.title.toLowerCase()] : [])));
  const needsPassword = isOn(settings, 'traders_password_switch');

  if (!from || !to) {
    if (coins.state === 'failed') return <ListStatus state="failed" texts={texts} onRetry={coins.reload} />;
    if (coins.state === 'loading')
      return (
        <div className={styles.content}>
          <Skeleton height={400} />
        </div>
      );
    return <ListStatus state="empty" texts={texts} />;
  }

  const reset = () => {
    setAmount('');
    setProblem(null);
  };
  const choose = (side: 'from' | 'to', id: number) => {
    const other = side === 'from' ? to.id : from.id;
    // Picking the coin of the other side swaps the two.
    const next =
      side === 'from'
        ? { from: id, to: id === other ? from.id : other }
        : { from: id === other ? to.id : other, to: id };
    setPair(next);
    reset();
  };
  const typed = checkAmount(amount, { requiredKey: 'wallet.exchange.amountRequired', decimals: from.decimals });
  const estimate = typed.ok
    ? exchangeEstimate(
        typed.amount,
        prices.get(from.title.toLowerCase()) ?? null,
        prices.get(to.title.toLowerCase()) ?? null,
        coins.data?.fee_percent ?? '0',
        to.decimals,
      )
    : null;
  const coinOptions = list.map((c) => ({ key: c.id, label: c.title, detail: <AmountText value={c.balance} dp={8} /> }));

  // The countdown runs from the answer's arrival for the time the server holds the quote. Without an
  // answer the entries stay for a retry.
  const askQuote = (input: ExchangeInput) =>
    run(
      'quote',
      () => getExchangeQuote(input),
      (quote) => setOffer({ input, quote, endsAt: Date.now() + quote.valid_ms }),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = {
      accountType: type,
      fromCoinId: from.id,
      toCoinId: to.id,
      amount,
      payPassword: needsPassword ? password : null,
    };
    const found = validateExchange(input, from);
    setProblem(found);
    if (!found) void askQuote(input);
  };
  const confirm = async () => {
    if (!offer) return;
    // A refusal keeps the sheet, as does no answer: both can be retried.
    await run(
      'exchange',
      () => exchangeCoin(offer.input, offer.quote.quote_id),
      () => {
        setOffer(null);
        // The next exchange starts from the same coins, even when the default pair would now be another.
        setPair({ from: offer.input.fromCoinId, to: offer.input.toCoinId });
        setAmount('');
        setPassword('');
        coins.reload();
      },
    );
  };
  const passwordError = problem?.key.startsWith('wallet.form.payPassword') ? t(problem.key) : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <SelectField
        label={t('wallet.exchange.account')}
        options={types.map((key) => ({ key, label: t(ACCOUNT_NAME_KEYS[key]) }))}
        value={type}
        onChange={(next) => {
          setType(next);
          setPair(null);
          reset();
        }}
        placeholder={t('wallet.form.choose')}
        closeLabel={t('common.close')}
        testId="exchange-account"
      />
      <SelectField
        label={t('wallet.exchange.from')}
        options={coinOptions}
        value={from.id}
        onChange={(id) => choose('from', id)}
        placeholder={t('wallet.form.choose')}
        closeLabel={t('common.close')}
        testId="exchange-from"
      />
      <div className={styles.swapRow}>
        <button
          type="button"
          className={styles.swapButton}
          onClick={() => {
            setPair({ from: to.id, to: from.id });
            reset();
          }}
          aria-label={t('wallet.exchange.swap')}
          data-testid="exchange-swap"
        >
          <IconSwap size={20} />
        </button>
      </div>
      <SelectField
        label={t('wallet.exchange.to')}
        options={coinOptions}
        value={to.id}
        onChange={(id) => choose('to', id)}
        placeholder={t('wallet.form.choose')}
        closeLabel={t('common.close')}
        testId="exchange-to"
      />
      <AmountField
        label={t('wallet.exchange.amount')}
        placeholder={t('wallet.form.amountPlaceholder')}
        value={amount}
        onChange={(text) => {
          setAmount(text);
          setProblem(null);
        }}
        unit={from.title}
        available={from.balance}
        onAll={() => setAmount(toBig(from.balance)?.toString() ?? '')}
        allLabel={t('wallet.form.all')}
        error={problem && !passwordError ? t(problem.key, problem.params) : null}
        name="amount"
      />
      <p className={styles.hint}>
        <span>{t('wallet.form.available')}</span>
        <strong data-testid="exchange-available">
          <CoinAmount amount={<AmountText value={from.balance} dp={8} />} coin={from.title} />
        </strong>
      </p>
      {needsPassword && (
        <PayPasswordField
          value={password}
          onChange={(text) => {
            setPassword(text);
            setProblem(null);
          }}
          error={passwordError}
        />
      )}
      <dl className={styles.estimate} data-testid="exchange-estimate">
        <div>
          <dt>{t('wallet.exchange.estimate')}</dt>
          <dd data-testid="exchange-received">
            {estimate ? (
              <>
                ≈ <CoinAmount amount={<AmountText value={estimate.received} dp={to.decimals} />} coin={to.title} />
              </>
            ) : (
              '--'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.exchange.fee', { percent: coins.data?.fee_percent ?? '0' })}</dt>
          <dd>
            {estimate ? (
              <CoinAmount amount={<AmountText value={estimate.fee} dp={to.decimals} />} coin={to.title} />
            ) : (
              '--'
            )}
          </dd>
        </div>
      </dl>
      <SendButton type="submit" block busy={busy && !offer}>
        {t('wallet.exchange.submit')}
      </SendButton>
      {offer && (
        <ConfirmSheet
          open
          title={t('wallet.exchange.confirmTitle')}
          rows={[
            {
              label: t('wallet.exchange.pay'),
              value: (
                <CoinAmount
                  amount={<AmountText value={offer.quote.paid} dp={from.decimals} />}
                  coin={offer.quote.from_coin}
                />
              ),
              testId: 'quote-paid',
            },
            {
              label: t('wallet.exchange.rate'),
              value: (
                // Trailing zeros dropped and kept on one line: a 320 px sheet otherwise breaks the coin off the rate.
                <bdi dir="ltr" className={styles.rate}>
                  1 {offer.quote.from_coin} = {formatFixed(offer.quote.rate, 8).replace(/\.?0+$/, '')}{' '}
                  {offer.quote.to_coin}
                </bdi>
              ),
              testId: 'quote-rate',
            },
            {
              label: t('wallet.exchange.fee', { percent: offer.quote.fee_percent }),
              value: (
                <CoinAmount
                  amount={<AmountText value={offer.quote.fee} dp={to.decimals} />}
                  coin={offer.quote.to_coin}
                />
              ),
              testId: 'quote-fee',
            },
            {
              label: t('wallet.exchange.arrives'),
              value: (
                <CoinAmount
                  amount={<AmountText value={offer.quote.received} dp={to.decimals} />}
                  coin={offer.quote.to_coin}
                />
              ),
              strong: true,
              testId: 'quote-received',
            },
          ]}
          confirmLabel={t('wallet.exchange.confirm')}
          busy={busy}
          disabled={secondsLeft === 0}
          onConfirm={() => void confirm()}
          onClose={() => setOffer(null)}
          testId="exchange-confirm"
        >
          {secondsLeft > 0 ? (
            <p className={styles.quoteValid} role="timer" data-testid="quote-countdown">
              {t('wallet.exchange.validFor', { seconds: secondsLeft })}
            </p>
          ) : (
            <div className={styles.quoteExpired} role="alert" data-testid="quote-expired">
              <span>{t('wallet.exchange.expired')}</span>
              <Button
                variant="secondary"
                busy={busy}
                onClick={() => void askQuote(offer.input)}
                data-testid="quote-refresh"
              >
                {t('wallet.exchange.refresh')}
              </Button>
            </div>
          )}
        </ConfirmSheet>
      )}
    </form>
  );
}
