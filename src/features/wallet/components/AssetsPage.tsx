import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { IconChevronRight } from '../../../components/ui/icons.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { ACCOUNT_NAME_KEYS, ACCOUNT_TAB_KEYS, toAccountType } from '../../../lib/account-types.ts';
import type { Big } from '../../../lib/money.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { usePullToRefresh } from '../../../lib/use-pull-to-refresh.ts';
import { getBalanceList, type BalanceInfo } from '../api/get-balance-list.ts';
import { pricedCoins, valueHoldings, type ValuedCoin } from '../api/wallet-rules.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useUsdPrices } from '../hooks/use-usd-prices.ts';
import { useHideAmounts } from '../stores/wallet-store.ts';
import { AmountText } from './AmountText.tsx';
import { CoinIcon } from './CoinIcon.tsx';
import { EyeToggle } from './EyeToggle.tsx';
import { WalletActions } from './WalletActions.tsx';
import layout from '../../../components/ui/layout.module.css';
import styles from './wallet.module.css';

const OVERVIEW = 'all';

/** The record screen of one coin in one account (docs/product-rules.md#assets: query id, name, type, usd, conversion). */
function tradeAccountHref(type: number, { coin, value, price }: ValuedCoin<BalanceInfo>): string {
  const query = new URLSearchParams({
    id: String(coin.coinId),
    name: coin.coinName,
    type: String(type),
    usd: value?.toFixed(2) ?? '',
    conversion: price ?? '',
  });
  return `/trade-account?${query.toString()}`;
}

/**
 * Assets (docs/product-rules.md#assets): the total of every account, then an overview tab listing each account type with
 * its total and one tab per account type with its coins (available with 8 decimals, frozen, dollar
 * value with 2) and an arrow to their records. Dollar values follow the market from the worker's
 * tickers (useUsdPrices, at most once a second); the eye hides every amount as ****.
 */
export function AssetsPage() {
  const { t } = useTranslation();
  const hidden = useHideAmounts();
  const texts = useListTexts();
  const balances = useLoaded(getBalanceList, []);
  const prices = useUsdPrices(useMemo(() => pricedCoins(balances.data), [balances.data]));
  const valued = useMemo(() => (balances.data ? valueHoldings(balances.data, prices) : null), [balances.data, prices]);
  const [tab, setTab] = useState(OVERVIEW);
  usePullToRefresh(balances.reload);

  const accountName = (type: number, keys = ACCOUNT_NAME_KEYS) => {
    const known = toAccountType(type);
    return known ? t(keys[known]) : String(type);
  };
  const shown = valued?.accounts.find((entry) => String(entry.account.type) === tab) ?? null;

  return (
    <div className={layout.tabPage}>
      <PageHeader title={t('route.assets')} end={<EyeToggle />} />
      <section className={styles.summary} aria-label={t('wallet.assets.total')}>
        <p className={styles.summaryLabel}>{t('wallet.assets.total')}</p>
        <p className={styles.summaryValue} data-testid="assets-total">
          {valued ? <Usd value={valued.total} hidden={hidden} /> : <Skeleton height={34} width="60%" />}
        </p>
        <WalletActions />
      </section>
      <Tabs
        label={t('wallet.assets.accounts')}
        value={tab}
        onChange={setTab}
        items={[
          { key: OVERVIEW, label: t('wallet.assets.overview') },
          ...(valued?.accounts ?? []).map(({ account }) => ({
            key: String(account.type),
            label: accountName(account.type, ACCOUNT_TAB_KEYS),
          })),
        ]}
      />
      {!valued && balances.state === 'loading' && (
        <div className={styles.skeletons}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={72} />
          ))}
        </div>
      )}
      {!valued && balances.state === 'failed' && <ListStatus state="failed" texts={texts} onRetry={balances.reload} />}
      {valued && tab === OVERVIEW && (
        <ul className={styles.list} data-testid="account-overview">
          {valued.accounts.map(({ account, total }) => (
            <li key={account.type}>
              <button
                type="button"
                className={styles.rowButton}
                onClick={() => setTab(String(account.type))}
                data-testid={`account-${account.type}`}
              >
                <span className={styles.rowTitle}>{accountName(account.type)}</span>
                <span className={styles.rowEnd}>
                  <Usd value={total} hidden={hidden} />
                  <IconChevronRight size={18} className={styles.chevron} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {shown && (
        <>
          <p className={styles.accountTotal}>
            <span>{t('wallet.assets.accountTotal')}</span>
            <Usd value={shown.total} hidden={hidden} />
          </p>
          <ul className={styles.list} data-testid={`coins-${shown.account.type}`}>
            {shown.coins.map((entry) => (
              <li key={entry.coin.coinId}>
                <button
                  type="button"
                  className={styles.rowButton}
                  onClick={() => navigate(tradeAccountHref(shown.account.type, entry))}
                  data-testid={`coin-${entry.coin.coinName}`}
                >
                  <span className={styles.rowTitle}>
                    <CoinIcon logo={entry.coin.logo} name={entry.coin.coinName} />
                    {entry.coin.coinName}
                  </span>
                  <span className={styles.rowEnd}>
                    <Usd value={entry.value} hidden={hidden} />
                    <IconChevronRight size={18} className={styles.chevron} />
                  </span>
                  <dl className={styles.coinFigures}>
                    <div>
                      <dt>{t('wallet.assets.available')}</dt>
                      <dd>
                        <AmountText value={entry.coin.balance} dp={8} hidden={hidden} testId="coin-available" />
                      </dd>
                    </div>
                    <div>
                      <dt>{t('wallet.assets.frozen')}</dt>
                      <dd>
                        <AmountText value={entry.coin.dbalance} dp={8} hidden={hidden} testId="coin-frozen" />
                      </dd>
                    </div>
                  </dl>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** A dollar value: 2 decimals with its unit, "--" while unknown. */
function Usd({ value, hidden }: { value: Big | null; hidden: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={styles.usd} data-testid="usd-value">
      <AmountText value={value} dp={2} hidden={hidden} />
      <span className={styles.summaryUnit}>{t('wallet.assets.usd')}</span>
    </span>
  );
}
