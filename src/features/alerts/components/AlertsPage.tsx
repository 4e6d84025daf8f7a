import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import type { MarketItem } from '../../../../common/protocol.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { engineStream } from '../../../lib/engine-client.ts';
import { useTicker } from '../../../lib/market-hooks.ts';
import { formatTrim } from '../../../lib/money.ts';
import { goBack } from '../../../lib/navigation.ts';
import { showToast } from '../../../lib/toast.ts';
import { useObservable } from '../../../lib/use-observable.ts';
import { levelProblem, suggestedDirection, type AlertDirection } from '../api/alert-rules.ts';
import { addAlert, alertsStore, removeAlert, updateAlert, type StoredAlert } from '../stores/alerts-store.ts';
import { NotificationSwitch } from './NotificationSwitch.tsx';
import styles from './alerts.module.css';

const NO_PAIRS: MarketItem[] = [];

function Choice<K extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: K;
  options: { key: K; label: string }[];
  onChange(key: K): void;
}) {
  return (
    <fieldset className={styles.choice}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.segments}>
        {options.map((option) => (
          <button
            key={option.key}
            type="button"
            aria-pressed={option.key === value}
            onClick={() => onChange(option.key)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function AlertRow({ alert, onEdit }: { alert: StoredAlert; onEdit(): void }) {
  const { t } = useTranslation();
  const condition = t(alert.direction === 'above' ? 'alerts.list.above' : 'alerts.list.below', {
    level: formatTrim(alert.level, 8),
  });
  const status = alert.triggered
    ? t('alerts.list.triggered', { price: formatTrim(alert.firedPrice ?? '', 8) })
    : alert.armed
      ? t('alerts.list.watching')
      : t('alerts.list.waitingBack');
  return (
    <li className={styles.row} data-testid="alert-row">
      <div className={styles.rowText}>
        <strong>{alert.title}</strong>
        <span>
          <span aria-hidden="true">{alert.direction === 'above' ? '▲ ' : '▼ '}</span>
          <bdi dir="ltr">{condition}</bdi> · {t(alert.repeat ? 'alerts.form.every' : 'alerts.form.once')}
        </span>
        <span className={alert.triggered ? styles.triggered : styles.muted} data-testid="alert-status">
          {status}
        </span>
      </div>
      <div className={styles.rowActions}>
        <Button variant="ghost" onClick={onEdit}>
          {t('alerts.list.edit')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            removeAlert(alert.id);
            showToast(t('alerts.list.deleted'), 'success');
          }}
        >
          {t('alerts.list.delete')}
        </Button>
      </div>
    </li>
  );
}

/**
 * Price alerts: set an alert on any pair (rises to / falls to a level, once or every
 * time), list, edit and delete them, allow system notifications, and read plainly what happens
 * when the app is closed. Opened with `?symbol=` from a pair's screen; works logged out.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useSearch());
  const pairs = useObservable(engineStream({ kind: 'homeMarkets' }), NO_PAIRS);
  const { items } = useSnapshot(alertsStore);
  const [symbol, setSymbol] = useState(params.get('symbol') || 'btcusdt');
  const [editing, setEditing] = useState<string | null>(null);
  const [level, setLevel] = useState('');
  const [direction, setDirection] = useState<AlertDirection>('above');
  const [repeat, setRepeat] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ticker = useTicker(symbol);
  const pair = pairs.find((p) => p.symbol === symbol);
  const title = pair?.title ?? params.get('name') ?? symbol.toUpperCase();
  const lastPrice = ticker?.close ?? pair?.close ?? null;

  const reset = () => {
    setEditing(null);
    setLevel('');
    setRepeat(false);
    setError(null);
  };
  const edit = (alert: StoredAlert) => {
    setEditing(alert.id);
    setSymbol(alert.symbol);
    setLevel(alert.level);
    setDirection(alert.direction);
    setRepeat(alert.repeat);
    setError(null);
    window.scrollTo(0, 0);
  };
  const save = () => {
    const problem = levelProblem(level, direction, lastPrice);
    if (problem) return setError(t(problem));
    const draft = { symbol, title, level, direction, repeat };
    if (editing) updateAlert(editing, draft);
    else if (!addAlert(draft)) return setError(t('alerts.rules.full'));
    showToast(t(editing ? 'alerts.form.updated' : 'alerts.form.saved'), 'success');
    reset();
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('route.alerts')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      <main className={styles.content}>
        <section className={styles.card} aria-label={t(editing ? 'alerts.form.editTitle' : 'alerts.form.title')}>
          <h2 className={styles.heading}>{t(editing ? 'alerts.form.editTitle' : 'alerts.form.title')}</h2>
          <SelectField
            label={t('alerts.form.pair')}
            options={pairs.map((p) => ({ key: p.symbol, label: p.title, detail: <bdi dir="ltr">{p.close}</bdi> }))}
            value={pair ? symbol : null}
            onChange={(key) => setSymbol(key)}
            placeholder={title}
            closeLabel={t('common.close')}
            testId="alert-pair"
          />
          <p className={styles.last} data-testid="alert-last">
            {t('alerts.form.last')}{' '}
            <bdi dir="ltr" className={styles.num}>
              {lastPrice ?? '--'}
            </bdi>
          </p>
          <Choice
            label={t('alerts.form.condition')}
            value={direction}
            onChange={(key) => {
              setDirection(key);
              setError(null);
            }}
            options={[
              { key: 'above', label: t('alerts.form.above') },
              { key: 'below', label: t('alerts.form.below') },
            ]}
          />
          <TextField
            label={t('alerts.form.level')}
            inputMode="decimal"
            autoComplete="off"
            value={level}
            error={error}
            onChange={(event) => {
              setLevel(event.target.value);
              setDirection((current) => suggestedDirection(event.target.value, lastPrice, current));
              setError(null);
            }}
            data-testid="alert-level"
          />
          <Choice
            label={t('alerts.form.frequency')}
            value={repeat ? 'every' : 'once'}
            onChange={(key) => setRepeat(key === 'every')}
            options={[
              { key: 'once', label: t('alerts.form.once') },
              { key: 'every', label: t('alerts.form.every') },
            ]}
          />
          <div className={styles.formActions}>
            {editing && (
              <Button variant="secondary" onClick={reset}>
                {t('alerts.form.cancel')}
              </Button>
            )}
            <Button onClick={save} data-testid="alert-save">
              {t(editing ? 'alerts.form.update' : 'alerts.form.save')}
            </Button>
          </div>
        </section>

        <section aria-label={t('alerts.list.title')}>
          <h2 className={styles.heading}>{t('alerts.list.title')}</h2>
          {items.length === 0 ? (
            <p className={styles.muted}>{t('alerts.list.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {items.map((alert) => (
                <AlertRow key={alert.id} alert={alert as StoredAlert} onEdit={() => edit(alert as StoredAlert)} />
              ))}
            </ul>
          )}
        </section>

        <section className={styles.card}>
          <NotificationSwitch />
          <h2 className={styles.heading}>{t('alerts.closed.title')}</h2>
          <p className={styles.note} data-testid="alerts-closed-note">
            {t('alerts.closed.body')}
          </p>
        </section>
      </main>
    </div>
  );
}
