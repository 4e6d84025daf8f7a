import { isPeriod, type Period } from './periods.ts';

/** A parsed `market.$symbol.$channel` topic. */
export type Topic =
  | { symbol: string; kind: 'kline'; period: Period }
  | { symbol: string; kind: 'depth'; step: number }
  | { symbol: string; kind: 'mbp'; levels: number }
  | { symbol: string; kind: 'trade' }
  | { symbol: string; kind: 'detail' }
  | { symbol: string; kind: 'bbo' }
  | { symbol: string; kind: 'ticker' };

export const MBP_LEVELS = [5, 20, 150] as const;

const TOPIC =
  /^market\.([a-z0-9]+)\.(kline\.([a-z0-9]+)|depth\.step([0-5])|mbp\.(\d+)|trade\.detail|detail|bbo|ticker)$/;

/** Parses a topic's syntax (symbols are checked by the source); undefined when it is not one. */
export function parseTopic(topic: string): Topic | undefined {
  const match = TOPIC.exec(topic);
  if (!match) return undefined;
  const [, symbol = '', channel = '', period, step, levels] = match;
  if (period !== undefined) return isPeriod(period) ? { symbol, kind: 'kline', period } : undefined;
  if (step !== undefined) return { symbol, kind: 'depth', step: Number(step) };
  if (levels !== undefined) {
    const n = Number(levels);
    return (MBP_LEVELS as readonly number[]).includes(n) ? { symbol, kind: 'mbp', levels: n } : undefined;
  }
  if (channel === 'trade.detail') return { symbol, kind: 'trade' };
  return { symbol, kind: channel as 'detail' | 'bbo' | 'ticker' };
}

/** Default levels a depth topic carries: 150 for step0, 20 for the aggregated steps. */
export const depthLevels = (step: number): number => (step === 0 ? 150 : 20);
