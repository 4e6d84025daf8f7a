import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { AmountField } from '../../../components/ui/AmountField.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { IconSwap } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { ACCOUNT_NAME_KEYS, openAccountTypes, toAccountType, type AccountType } from '../../../lib/account-types.ts';
import { goBack } from '../../../lib/navigation.ts';
import { isOff, useSiteSettings } from '../../../lib/site-settings.ts';
import { getBalanceList } from '../api/get-balance-list.ts';
import { getCoinBalance } from '../api/get-coin-balance.ts';
import { transferBetweenAccounts, validateTransfer } from '../api/transfer-between-accounts.ts';
import type { Problem } from '../api/wallet-rules.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { AmountText } from './AmountText.tsx';
import { ClosedNotice } from '../../../components/ui/ClosedNotice.tsx';
import styles from './wallet.module.css';

/**
 * Change-money (docs/product-rules.md#transfers-between-own-accounts): a transfer between two of the user's own accounts. From and to pickers
 * (type 3 only while quantize_switch is 1), a swap of the direction, a coin picker, the amount with
 * All and the available balance. Changing the coin or an account resets the amount (docs/product-rules.md#transfers-between-own-accounts).
 * Opened from a trade-account screen, it starts on that coin and account (query id, type).
 */
export function ChangeMoneyPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useSearch());
  const settings = useSiteSettings();
  const types = openAccountTypes(settings);
  const start = toAccountType(params.get('type')) ?? 1;
  const [from, setFrom] = useState<AccountType>(start);
  const [to, setTo] = useState<AccountType>(start === 1 ? 2 : 1);
  const [coinId, setCoinId] = useState<number | null>(Number(params.get('id')) || null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const { busy: posting, run } = useSubmit();
  const busy = posting !== null;

  const coins = useLoaded(getBalanceList, []);
  const coinOptions = (coins.data?.coinList[0]?.balanceInfo ?? []).map((coin) => ({
    key: coin.coinId,
    label: coin.coinName,
  }));
  const chosenCoin = coinId ?? coinOptions[0]?.key ?? null;
  const balance = useLoaded(() => (chosenCoin === null ? null : getCoinBalance(chosenCoin)), [chosenCoin]);
  const available = balance.data?.balance_list.find((entry) => entry.type === from)?.balance ?? null;
  const decimals = balance.data?.decimals ?? 8;
  const accountOptions = types.map((type) => ({ key: type, label: t(ACCOUNT_NAME_KEYS[type]) }));

  const reset = () => {
    setAmount('');
    setProblem(null);
  };
  const chooseFrom = (next: AccountType) => {
    if (next === to) setTo(from);
    setFrom(next);
    reset();
  };
  const chooseTo = (next: AccountType) => {
    if (next === from) setFrom(to);
    setTo(next);
    reset();
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosenCoin === null || busy) return;
    const input = { coinId: chosenCoin, amount, from, to };
    const found = validateTransfer(input, available ?? '0', decimals);
    setProblem(found);
    if (found) return;
    // Without an answer the entries stay for a retry.
    await run(
      'transfer',
      () => transferBetweenAccounts(input),
      () => {
        setAmount('');
        balance.reload();
      },
    );
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('route.changemoney')} backLabel={t('common.back')} onBack={() => goBack('/assets')} />
      {isOff(settings, 'account_transfer_status') ? (
        <ClosedNotice message={t('wallet.transfer.closed')} />
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <SelectField
            label={t('wallet.transfer.from')}
            options={accountOptions}
            value={from}
            onChange={chooseFrom}
            placeholder={t('wallet.form.choose')}
            closeLabel={t('common.close')}
            testId="transfer-from"
          />
          <div className={styles.swapRow}>
            <button
              type="button"
              className={styles.swapButton}
              onClick={swap}
              aria-label={t('wallet.transfer.swap')}
              data-testid="transfer-swap"
            >
              <IconSwap size={20} />
            </button>
          </div>
          <SelectField
            label={t('wallet.transfer.to')}
            options={accountOptions}
            value={to}
            onChange={chooseTo}
            placeholder={t('wallet.form.choose')}
            closeLabel={t('common.close')}
            testId="transfer-to"
          />
          <SelectField
            label={t('wallet.form.coin')}
            options={coinOptions}
            value={chosenCoin}
            onChange={(key) => {
              setCoinId(key);
              reset();
            }}
            placeholder={t('wallet.form.choose')}
            closeLabel={t('common.close')}
            disabled={coinOptions.length === 0}
            testId="transfer-coin"
          />
          <AmountField
            label={t('wallet.transfer.amount')}
            placeholder={t('wallet.form.amountPlaceholder')}
            value={amount}
            onChange={(text) => {
              setAmount(text);
              setProblem(null);
            }}
            unit={balance.data?.coin}
            available={available ?? undefined}
            onAll={() => available !== null && setAmount(available)}
            allLabel={t('wallet.form.all')}
            error={problem ? t(problem.key, problem.params) : null}
            name="amount"
          />
          <p className={styles.hint}>
            <span>{t('wallet.form.available')}</span>
            <strong data-testid="transfer-available">
              <CoinAmount
                amount={available === null ? '--' : <AmountText value={available} dp={8} />}
                coin={balance.data?.coin}
              />
            </strong>
          </p>
          <SendButton type="submit" block busy={busy} disabled={chosenCoin === null}>
            {t('wallet.transfer.submit')}
          </SendButton>
        </form>
      )}
    </div>
  );
}
