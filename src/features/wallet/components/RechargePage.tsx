import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { AmountField } from '../../../components/ui/AmountField.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { UploadSlot } from '../../../components/ui/UploadSlot.tsx';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { toBig } from '../../../lib/money.ts';
import { goBack } from '../../../lib/navigation.ts';
import { isOn, useSiteSettings } from '../../../lib/site-settings.ts';
import { showToast } from '../../../lib/toast.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { useUploadSlot } from '../../../lib/use-upload-slot.ts';
import {
  getPartners,
  getRechargeCoins,
  submitRecharge,
  validateRecharge,
  type RechargeNetwork,
} from '../api/recharge.ts';
import { afterSuccess, type Problem } from '../api/wallet-rules.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { ClosedNotice } from '../../../components/ui/ClosedNotice.tsx';
import { recordsPath } from './records-path.ts';
import styles from './wallet.module.css';

/**
 * Recharge (docs/product-rules.md#deposits): a coin picker and its network tabs; a chain network shows the QR code and the
 * address with a copy button and a warning to send only that coin on that network, the bank tab
 * (pay type 3) its detail rows; the network's minimum; then one proof upload, the amount, submit and
 * a link to the coin's deposit records; partner logos below. While recharge_certificate (or recharge_status) is not 1
 * only a contact-service button is shown. After a deposit goes in: home, back or stay per
 * recharge_subover_refre (staying starts a fresh form).
 */
export function RechargePage() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const [round, setRound] = useState(0);
  const open = isOn(settings, 'recharge_status') && Number(settings?.recharge_certificate) === 1;
  const done = () => {
    const next = afterSuccess(settings?.recharge_subover_refre);
    if (next === 'home') navigate('/');
    else if (next === 'back') goBack('/assets');
    else setRound((n) => n + 1);
  };
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.recharge')} backLabel={t('common.back')} onBack={() => goBack('/assets')} />
      {settings && !open ? (
        <ClosedNotice
          message={t(isOn(settings, 'recharge_status') ? 'wallet.recharge.byService' : 'wallet.recharge.closed')}
        />
      ) : (
        <RechargeForm key={round} onDone={done} />
      )}
      <Partners />
    </div>
  );
}

function RechargeForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const texts = useListTexts();
  const coins = useLoaded(getRechargeCoins, []);
  const list = coins.data?.list ?? [];
  const [coinId, setCoinId] = useState<number | null>(null);
  const coin = list.find((c) => c.id === coinId) ?? list[0] ?? null;
  const [networkId, setNetworkId] = useState<number | null>(null);
  const network = coin?.networkList.find((n) => n.id === networkId) ?? coin?.networkList[0] ?? null;
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<string | null>(null);
  const slot = useUploadSlot({ onChange: setProof });
  const [problem, setProblem] = useState<Problem | null>(null);
  const { busy: posting, run } = useSubmit();
  const busy = posting !== null;

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!network || busy) return;
    const input = { coinId: coin.id, networkId: network.id, amount, proof };
    const found = validateRecharge(input, {
      min: network.min,
      coin: coin.title,
      network: network.pay_type === 3 ? t('wallet.recharge.bankTab') : network.coin_net,
    });
    setProblem(found);
    if (found) {
      if (found.key === 'wallet.recharge.proofRequired') showToast(t(found.key), 'error');
      return;
    }
    // Without an answer the entries stay for a retry.
    await run('recharge', () => submitRecharge(input), onDone);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <SelectField
        label={t('wallet.form.coin')}
        options={list.map((c) => ({ key: c.id, label: c.title }))}
        value={coin.id}
        onChange={(key) => {
          setCoinId(key);
          setNetworkId(null);
          setAmount('');
        }}
        placeholder={t('wallet.form.choose')}
        closeLabel={t('common.close')}
        testId="recharge-coin"
      />
      {coin.networkList.length > 1 && (
        <Tabs
          label={t('wallet.recharge.network')}
          value={String(network?.id ?? '')}
          onChange={(key) => setNetworkId(Number(key))}
          items={coin.networkList.map((n) => ({
            key: String(n.id),
            label: n.pay_type === 3 ? t('wallet.recharge.bankTab') : n.coin_net,
          }))}
        />
      )}
      {network &&
        (network.pay_type === 3 ? (
          <BankDetails network={network} />
        ) : (
          <AddressBox network={network} coin={coin.title} />
        ))}
      {network && hasMinimum(network) && (
        <p className={styles.minimum}>
          <span>{t('wallet.recharge.min')}</span>
          <strong data-testid="deposit-min">
            <CoinAmount amount={<bdi dir="ltr">{network.min}</bdi>} coin={coin.title} />
          </strong>
        </p>
      )}
      <UploadSlot label={t('wallet.recharge.proof')} hint={t('wallet.recharge.proofHint')} {...slot.slotProps} />
      <AmountField
        label={t('wallet.recharge.amount')}
        placeholder={t('wallet.form.amountPlaceholder')}
        value={amount}
        onChange={(text) => {
          setAmount(text);
          setProblem(null);
        }}
        unit={coin.title}
        error={problem && problem.key !== 'wallet.recharge.proofRequired' ? t(problem.key, problem.params) : null}
        name="amount"
      />
      {problem?.key === 'wallet.recharge.proofRequired' && (
        <p className={styles.formError} role="alert">
          {t(problem.key)}
        </p>
      )}
      <SendButton type="submit" block busy={busy}>
        {t('wallet.recharge.submit')}
      </SendButton>
      <Link href={recordsPath(coin, 'recharge')} className={styles.recordsLink} data-testid="deposit-records">
        {t('wallet.recharge.records')}
      </Link>
    </form>
  );
}

/** Whether the network states a minimum deposit ("0" when it has none). */
function hasMinimum(network: RechargeNetwork): boolean {
  return toBig(network.min)?.gt(0) ?? false;
}

/** A value with a copy button; "copy success" on success (docs/product-rules.md#calls-and-answers). */
function CopyRow({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const copy = async () =>
    showToast(t((await copyText(value)) ? 'wallet.form.copied' : 'wallet.form.copyFailed'), 'info');
  return (
    <div className={styles.copyRow}>
      <bdi dir="ltr" className={styles.copyValue}>
        {value}
      </bdi>
      <button type="button" className={styles.copyButton} onClick={() => void copy()}>
        {t('wallet.form.copy')} <VisuallyHidden>{label}</VisuallyHidden>
      </button>
    </div>
  );
}

/** A chain network: the address's QR code and the address with copy. */
function AddressBox({ network, coin }: { network: RechargeNetwork; coin: string }) {
  const { t } = useTranslation();
  const label = t('wallet.recharge.address', { coin, network: network.coin_net });
  return (
    <section className={styles.qrBox} aria-label={label} data-testid="deposit-address">
      {network.pay_img && (
        <img
          className={styles.qr}
          src={network.pay_img}
          alt={t('wallet.recharge.qr', { coin, network: network.coin_net })}
          width={176}
          height={176}
        />
      )}
      <span className={styles.muted}>{label}</span>
      <CopyRow value={network.address} label={label} />
      <p className={styles.warning} role="note" data-testid="deposit-warning">
        {t('wallet.recharge.networkWarning', { coin, network: network.coin_net })}
      </p>
    </section>
  );
}

/** The bank tab's detail rows (docs/product-rules.md#deposits): bank name, card number, recipient, bank address, transfer code, company address. */
function BankDetails({ network }: { network: RechargeNetwork }) {
  const { t } = useTranslation();
  const rows: [string, string | undefined][] = [
    [t('wallet.recharge.bankName'), network.bank_name],
    [t('wallet.recharge.cardNumber'), network.card_number],
    [t('wallet.recharge.recipient'), network.recipient],
    [t('wallet.recharge.bankAddress'), network.bank_address],
    [t('wallet.recharge.transferCode'), network.transfer_code],
    [t('wallet.recharge.companyAddress'), network.company_address],
  ];
  return (
    <dl className={styles.details} data-testid="bank-details">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <CopyRow value={value as string} label={label} />
            </dd>
          </div>
        ))}
    </dl>
  );
}

/** The partner logos below the form (docs/product-rules.md#deposits), each a link. */
function Partners() {
  const { t } = useTranslation();
  const partners = useLoaded(getPartners, []);
  const list = partners.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-label={t('wallet.recharge.partners')}>
      <h2 className={styles.sectionTitle}>{t('wallet.recharge.partners')}</h2>
      <ul className={styles.partners}>
        {list.map((partner) => (
          <li key={partner.url + partner.title}>
            <a href={partner.url} target="_blank" rel="noopener noreferrer">
              <img src={partner.img} alt={partner.title} width={120} height={48} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
