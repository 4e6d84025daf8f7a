import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Virtuoso } from 'react-virtuoso';
import type { MarketItem } from '../../../../common/protocol.ts';
import { ChangeText } from '../../../components/ui/ChangeText.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { StaleNote, staleClass } from '../../../components/ui/StaleNote.tsx';
import { TabPanel, Tabs } from '../../../components/ui/Tabs.tsx';
import { WatchStar } from '../../../components/ui/WatchStar.tsx';
import { engineStream } from '../../../lib/engine-client.ts';
import { useFormats } from '../../../lib/format.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { useObservable } from '../../../lib/use-observable.ts';
import { useWatchlist, watchedItems, watchlist } from '../../../lib/watchlist.ts';
import { ALL_TAB, childTabs, getCurrencyList, type CurrencyTab } from '../api/get-currency-list.ts';
import styles from './market.module.css';

const ROW_HEIGHT = 56;
/** The key of the Favourites tab (the watchlist); group tabs use their numeric ids. */
const FAVOURITES = 'fav';

function Row({ item }: { item: MarketItem }) {
  const formats = useFormats();
  return (
    <div className={styles.rowWrap} data-testid="market-row">
      <Link
        href={`/exchange?currentSymbol=${encodeURIComponent(item.symbol)}&name=${encodeURIComponent(item.title)}`}
        className={styles.row}
      >
        <span className={styles.pair}>
          {/* BASE/QUOTE reads left to right in every language (never "USDT/BTC"). */}
          <bdi dir="ltr">
            <strong>{item.coinname}</strong>
            <span className={styles.muted}>/{item.trade_coin}</span>
          </bdi>
          <span className={styles.volume}>
            <bdi dir="ltr">{formats.volume(item.hamount)}</bdi>
          </span>
        </span>
        <span className={styles.num}>
          <bdi dir="ltr">{item.close}</bdi>
        </span>
        <ChangeText change={item.change} className={styles.badge} />
      </Link>
      <WatchStar symbol={item.symbol} title={item.title} />
    </div>
  );
}

/**
 * The pairs of one tab, refreshed every 10 s by the engine, virtualized over the window's scroll.
 * The Favourites tab lists the starred pairs of the All list, in the order they were starred.
 */
function PairList({ fid, eid, favourites = false }: { fid: number; eid: number; favourites?: boolean }) {
  const listTexts = useListTexts();
  const all = useObservable<MarketItem[] | null>(engineStream({ kind: 'markets', fid, eid }), null);
  const watched = useWatchlist();
  const items = favourites && all ? watchedItems(all, watched) : all;
  if (!items) return <Skeleton height={ROW_HEIGHT * 8} />;
  if (items.length === 0) {
    return <ListStatus state="empty" texts={listTexts} />;
  }
  return (
    <>
      <StaleNote value={all} />
      <div className={staleClass(all)}>
        <Virtuoso
          useWindowScroll
          data={items}
          fixedItemHeight={ROW_HEIGHT}
          computeItemKey={(_, item) => item.symbol}
          itemContent={(_, item) => <Row item={item} />}
        />
      </div>
    </>
  );
}

/**
 * The market screen (docs/product-rules.md#market-lists): currency group tabs, child tabs (each level with All), and the
 * pair list. With starred pairs a Favourites tab comes first, and the screen opens on it.
 */
export function MarketPage() {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<CurrencyTab[] | null>(null);
  const [fid, setFid] = useState(ALL_TAB);
  const [eid, setEid] = useState(ALL_TAB);
  const watched = useWatchlist();
  const [favouritesChosen, setFavouritesChosen] = useState(() => watchlist.symbols.length > 0);
  const favourites = favouritesChosen && watched.length > 0;
  useEffect(() => {
    getCurrencyList()
      .then((result) => setGroups(result.ok ? (result.data.list ?? []) : []))
      .catch(() => setGroups([]));
  }, []);
  const children = childTabs(groups ?? [], fid);
  const groupPanel = useId();
  const childPanel = useId();
  const list = (
    <>
      <div className={styles.head}>
        <span>{t('market.list.pair')}</span>
        <span>{t('market.list.last')}</span>
        <span>{t('market.list.change')}</span>
      </div>
      {favourites ? (
        <PairList key={FAVOURITES} fid={ALL_TAB} eid={ALL_TAB} favourites />
      ) : (
        <PairList key={`${fid}:${eid}`} fid={fid} eid={eid} />
      )}
    </>
  );
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.market')} />
      <div className={styles.tabs}>
        <Tabs
          label={t('market.tabs.group')}
          value={favourites ? FAVOURITES : String(fid)}
          onChange={(key) => {
            setFavouritesChosen(key === FAVOURITES);
            if (key === FAVOURITES) return;
            setFid(Number(key));
            setEid(ALL_TAB);
          }}
          items={[
            ...(watched.length > 0 ? [{ key: FAVOURITES, label: t('watch.tab') }] : []),
            { key: String(ALL_TAB), label: t('market.tabs.all') },
            ...(groups ?? []).map((group) => ({ key: String(group.id), label: group.currency_name })),
          ]}
          panelId={groupPanel}
        />
      </div>
      <TabPanel id={groupPanel} tabKey={favourites ? FAVOURITES : String(fid)}>
        {!favourites && children.length > 0 ? (
          <>
            <div className={styles.tabs}>
              <Tabs
                label={t('market.tabs.child')}
                value={String(eid)}
                onChange={(key) => setEid(Number(key))}
                items={[
                  { key: String(ALL_TAB), label: t('market.tabs.all') },
                  ...children.map((child) => ({ key: String(child.id), label: child.currency_name })),
                ]}
                panelId={childPanel}
              />
            </div>
            <TabPanel id={childPanel} tabKey={String(eid)}>
              {list}
            </TabPanel>
          </>
        ) : (
          list
        )}
      </TabPanel>
    </div>
  );
}
