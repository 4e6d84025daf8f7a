import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { OptionsOrder } from '../../../../common/protocol.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { TabPanel, Tabs } from '../../../components/ui/Tabs.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatFixed } from '../../../lib/money.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import type { OptionOrderRecord } from '../api/get-option-orders.ts';
import { useOptionOrders } from '../hooks/use-option-orders.ts';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import { useSettlingOrder } from '../hooks/use-settling-order.ts';
import { optionsStore } from '../stores/options-store.ts';
import { SettledResult, resultKey, resultTone } from './SettledResult.tsx';
import { SettlementProof, VerifySettlement } from './SettlementProof.tsx';
import orderCard from '../../../components/ui/order-card.module.css';
import tone from '../../../components/ui/tone.module.css';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import styles from './options.module.css';

function Direction({ hyzd, text }: { hyzd: number; text: string }) {
  return (
    <span className={hyzd === 1 ? tone.up : tone.down}>
      <span aria-hidden="true">{hyzd === 1 ? '▲ ' : '▼ '}</span>
      {text}
    </span>
  );
}

/** An in-progress row: waiting to finish with its countdown, then finishing with the 5 s poll (docs/product-rules.md#options). */
function OpenRow({ order, endsAt }: { order: OptionOrderRecord; endsAt: number }) {
  const { t } = useTranslation();
  const remaining = useSecondsLeft(endsAt);
  const [settled, setSettled] = useState<OptionsOrder | null>(null);
  const latest = useSettlingOrder(order.order_id, remaining === 0 && !settled);
  useEffect(() => {
    if (latest?.status === 2) setSettled(latest);
  }, [latest]);
  return (
    <li className={orderCard.card} data-testid="option-order-open">
      <div className={orderCard.head}>
        <strong>{order.coinname}</strong>
        <Direction hyzd={order.hyzd} text={order.hyzd_text} />
      </div>
      <div className={orderCard.grid}>
        <span>{t('options.list.stake')}</span>
        <span className={styles.num}>{formatFixed(order.num, 8)}</span>
        <span>{t('options.list.buyPrice')}</span>
        <span className={styles.num}>{formatFixed(order.buyprice, 6)}</span>
        <span>{t('options.list.status')}</span>
        <span>
          {settled ? (
            <span className={resultTone(settled)}>
              {t(resultKey(settled))} <bdi dir="ltr">{settled.ploss}</bdi>
            </span>
          ) : remaining > 0 ? (
            `${t('options.state.waiting')} · ${t('options.countdown.remaining', { count: remaining })}`
          ) : (
            t('options.state.finishing')
          )}
        </span>
      </div>
    </li>
  );
}

/** The order-list view (docs/product-rules.md#options): in progress and settled tabs; settled rows open a detail popup. */
export function OptionOrderList() {
  const { t } = useTranslation();
  const formats = useFormats();
  const listTexts = useListTexts();
  const [tab, setTab] = useState<'open' | 'settled'>('open');
  const panelId = useId();
  const [detail, setDetail] = useState<OptionOrderRecord | null>(null);
  const [verifying, setVerifying] = useState(false);
  const openDetail = (order: OptionOrderRecord | null) => {
    setVerifying(false);
    setDetail(order);
  };
  const { listVersion } = useSnapshot(optionsStore);
  const status = tab === 'open' ? 1 : 2;
  const { rows, state, loadMore, retry } = useOptionOrders(status, listVersion);
  const [fetchedAt, setFetchedAt] = useState(() => Date.now());
  useEffect(() => setFetchedAt(Date.now()), [rows]);
  return (
    <section data-testid="option-orders">
      <Tabs
        label={t('options.list.label')}
        value={tab}
        onChange={(key) => setTab(key === 'settled' ? 'settled' : 'open')}
        items={[
          { key: 'open', label: t('options.list.open') },
          { key: 'settled', label: t('options.list.settled') },
        ]}
        panelId={panelId}
      />
      <TabPanel id={panelId} tabKey={tab}>
        <ul className={orderCard.list}>
          {rows.map((order) =>
            status === 1 ? (
              <OpenRow key={order.order_id} order={order} endsAt={fetchedAt + order.count_down * 1000} />
            ) : (
              <li key={order.order_id}>
                <button
                  type="button"
                  className={orderCard.card}
                  onClick={() => openDetail(order)}
                  data-testid="option-order-settled"
                >
                  <div className={orderCard.head}>
                    <strong>{order.coinname}</strong>
                    <Direction hyzd={order.hyzd} text={order.hyzd_text} />
                  </div>
                  <div className={orderCard.grid}>
                    <span>{t('options.list.stake')}</span>
                    <span className={styles.num}>{formatFixed(order.num, 8)}</span>
                    <span>{t('options.result.label')}</span>
                    <span className={resultTone(order)}>
                      {t(resultKey(order))} <bdi dir="ltr">{order.ploss}</bdi>
                    </span>
                  </div>
                </button>
              </li>
            ),
          )}
        </ul>
        <ListStatus state={state} onRetry={retry} texts={listTexts} />
        {state === 'ready' && (
          <Button variant="ghost" block onClick={loadMore}>
            {t('common.loadMore')}
          </Button>
        )}
      </TabPanel>
      <Dialog
        open={detail !== null}
        onClose={() => openDetail(null)}
        title={t(verifying ? 'verify.view.title' : 'options.detail.title')}
        closeLabel={t('common.close')}
        testId="option-detail"
      >
        {detail && verifying && (
          <VerifySettlement order={detail} symbol={detail.symbol ?? ''} onBack={() => setVerifying(false)} />
        )}
        {detail && !verifying && (
          <>
            <DetailList
              rows={[
                { label: t('options.confirm.pair'), value: detail.coinname },
                {
                  label: t('options.confirm.direction'),
                  value: <Direction hyzd={detail.hyzd} text={detail.hyzd_text} />,
                },
                { label: t('options.list.stake'), value: formatFixed(detail.num, 8), valueClassName: styles.num },
                { label: t('options.confirm.duration'), value: t('options.picker.seconds', { count: detail.time }) },
                {
                  label: t('options.detail.buyTime'),
                  value: <bdi dir="ltr">{formats.serverTime(detail.buytime)}</bdi>,
                },
                {
                  label: t('options.detail.sellTime'),
                  value: <bdi dir="ltr">{formats.serverTime(detail.selltime)}</bdi>,
                },
              ]}
            />
            <SettledResult order={detail} />
            <SettlementProof order={detail} onVerify={() => setVerifying(true)} />
          </>
        )}
      </Dialog>
    </section>
  );
}
