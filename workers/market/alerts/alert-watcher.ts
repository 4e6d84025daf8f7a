/**
 * Price alerts in the market worker: watches the live ticker (`market.$symbol.detail`)
 * of every pair that has an alert, applies each new last price to that pair's alerts, and reports
 * what fired at once, not conflated and also while the page is hidden. The topics are shared with
 * the screens' own ticker streams (the feed counts their handlers). Loaded on the first alert, so
 * the worker's first download does not carry it.
 */
import type { AlertEvent, PriceAlert } from '../../../common/protocol.ts';
import { summaryFrom } from '../normalize/market.ts';
import type { FeedContext, TopicHandler, TopicPush } from '../streams/stream-source.ts';
import { stepAlert } from './alert-rules.ts';

const SYMBOL = /^[a-z0-9]{2,32}$/;

/** Checks alerts from the UI: the wire is not trusted. Throws with a clear message. */
export function validateAlerts(raw: unknown): PriceAlert[] {
  if (!Array.isArray(raw)) throw new Error('alerts must be an array');
  return raw.map((value, index) => {
    const alert = value as Partial<PriceAlert>;
    const fail = (what: string): never => {
      throw new Error(`alert ${index}: ${what}`);
    };
    if (typeof alert.id !== 'string' || alert.id === '') fail('id must be a non-empty string');
    if (typeof alert.symbol !== 'string' || !SYMBOL.test(alert.symbol))
      fail('symbol must be 2-32 lower-case letters or digits');
    if (typeof alert.level !== 'string' || !/^\d+(\.\d+)?$/.test(alert.level))
      fail('level must be a positive decimal text');
    if (alert.direction !== 'above' && alert.direction !== 'below') fail('direction must be above or below');
    if (typeof alert.repeat !== 'boolean' || typeof alert.armed !== 'boolean')
      fail('repeat and armed must be booleans');
    return {
      id: alert.id,
      symbol: alert.symbol,
      level: alert.level,
      direction: alert.direction,
      repeat: alert.repeat,
      armed: alert.armed,
    } as PriceAlert;
  });
}

export class AlertWatcher {
  /** The alerts by pair, as the UI last sent them and as prices have changed them since. */
  private bySymbol = new Map<string, PriceAlert[]>();
  private readonly handlers = new Map<string, TopicHandler>();

  constructor(
    private readonly feed: FeedContext,
    private readonly report: (events: AlertEvent[]) => void,
  ) {}

  /** Replaces every alert; starts the tickers of new pairs and stops those no alert needs any more. */
  update(alerts: readonly PriceAlert[]): void {
    const next = new Map<string, PriceAlert[]>();
    for (const alert of alerts) next.set(alert.symbol, [...(next.get(alert.symbol) ?? []), alert]);
    for (const [symbol, handler] of this.handlers) {
      if (next.has(symbol)) continue;
      this.feed.unsubscribeTopic(topicOf(symbol), handler);
      this.handlers.delete(symbol);
    }
    this.bySymbol = next;
    for (const symbol of next.keys()) {
      if (this.handlers.has(symbol)) continue;
      const handler: TopicHandler = { onPush: (push) => this.price(symbol, push) };
      this.handlers.set(symbol, handler);
      this.feed.subscribeTopic(topicOf(symbol), handler);
    }
  }

  dispose(): void {
    this.update([]);
  }

  private price(symbol: string, push: TopicPush): void {
    const alerts = this.bySymbol.get(symbol);
    if (!alerts) return;
    const { close } = summaryFrom(symbol, push.ts, push.tick);
    const events: AlertEvent[] = [];
    const kept: PriceAlert[] = [];
    for (const alert of alerts) {
      const step = stepAlert(alert, close, push.ts);
      if (step.alert) kept.push(step.alert);
      if (step.event) events.push(step.event);
    }
    this.bySymbol.set(symbol, kept);
    if (events.length > 0) this.report(events);
  }
}

function topicOf(symbol: string): string {
  return `market.${symbol}.detail`;
}
