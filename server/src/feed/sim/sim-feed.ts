import type { Clock } from '../clock.ts';
import { encodeBbo, encodeMbpIncrement, encodePush, encodeTradeGroup } from '../encode.ts';
import { parseTopic, type Topic } from '../topics.ts';
import type { FeedSource, Publisher, TradeListener } from '../types.ts';
import { Simulator } from './simulator.ts';
import { STEP_MS } from './symbol-sim.ts';

/** kline, depth, detail and ticker push about once a second; trades per match; mbp and bbo per step. */
const PERIODIC_MS = 1000;
/** An unchanged periodic topic is still pushed this often (the real depth.step0 does about 2 s). */
const UNCHANGED_MS = 2000;
/** After a longer pause (a suspended process), the market resumes instead of replaying the gap. */
const MAX_CATCH_UP_MS = 60_000;
/**
 * How far back FEED_START_MS may lie. Catching up costs about 3 s of one core per simulated hour
 * (12 symbols), so 24 h is a boot of over a minute; further back is refused.
 */
export const MAX_START_AGE_MS = 24 * 3600 * 1000;

/** Why a start time cannot be used at `nowMs`, or undefined when it can. */
export function startProblem(startMs: number, nowMs: number): string | undefined {
  const at = (ms: number): string => `${ms} (${new Date(ms).toISOString()})`;
  if (startMs > nowMs)
    return `FEED_START_MS=${at(startMs)} is in the future (now ${at(nowMs)}); the simulated market cannot begin after the server starts`;
  if (nowMs - startMs > MAX_START_AGE_MS) {
    const hours = ((nowMs - startMs) / 3_600_000).toFixed(1);
    return `FEED_START_MS=${at(startMs)} is ${hours} h ago; the simulator catches up at most ${MAX_START_AGE_MS / 3_600_000} h at boot (about 3 s per hour), so choose a later start`;
  }
  return undefined;
}

interface PeriodicState {
  key: string;
  pushedAt: number;
}

/**
 * Runs the simulator in real time and publishes its pushes. Each topic's message is encoded once
 * per tick and only when someone is subscribed; the hub gzips it once for all subscribers.
 */
export class SimFeed implements FeedSource {
  readonly kind = 'simulate';
  readonly data: Simulator;
  onTrade: TradeListener | undefined;
  private publisher: Publisher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private flood = 1;
  private readonly periodic = new Map<string, PeriodicState>();
  private readonly parsed = new Map<string, Topic | undefined>();
  private readonly topicNames = new Map<string, string>();

  /**
   * The market of `seed` that began at `startMs` (default: now), caught up to now, so the same seed
   * and start give the same market whenever the server starts. Throws on a start in the future or
   * more than MAX_START_AGE_MS ago.
   */
  constructor(
    private readonly clock: Clock,
    seed: number,
    startMs?: number,
  ) {
    const now = clock.now();
    const start = startMs ?? now;
    const problem = startProblem(start, now);
    if (problem) throw new Error(problem);
    this.data = new Simulator({ seed, startMs: start });
    if (start < now) this.data.catchUp(now);
  }

  start(publisher: Publisher): void {
    this.publisher = publisher;
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.publisher = undefined;
  }

  setFlood(factor: number): void {
    this.flood = factor;
    this.data.intensity = factor;
    if (this.timer) this.schedule();
  }

  /** Brings the market up to now and sends everything that became due. */
  pump(): void {
    const now = this.clock.now();
    if (now - this.data.simulatedUntil > MAX_CATCH_UP_MS) this.data.skipTo(now - STEP_MS);
    const publisher = this.publisher;
    // Increments made during a stall would never reach anyone and break every client's chain.
    this.data.holdMbp = publisher?.isStalled() ?? false;
    this.data.advanceTo(now);
    const events = this.data.drainEvents(now);
    if (this.onTrade)
      for (const event of events) if (event.kind === 'trade') this.onTrade(event.symbol, event.group, event.ts);
    if (!publisher) return;
    for (const event of events) {
      if (event.kind === 'trade') {
        const topic = this.topicOf(event.symbol, 'trade.detail');
        if (publisher.wants(topic)) publisher.publish(topic, encodePush(topic, now, encodeTradeGroup(event.group)));
      } else {
        const topic = this.topicOf(event.symbol, `mbp.${event.levels}`);
        if (publisher.wants(topic))
          publisher.publish(topic, encodePush(topic, now, encodeMbpIncrement(event.increment)));
      }
    }
    this.pushPeriodic(publisher, now);
  }

  private pushPeriodic(publisher: Publisher, now: number): void {
    if (publisher.isStalled()) return;
    const interval = PERIODIC_MS / this.flood;
    for (const topic of publisher.subscribedTopics()) {
      const parsed = this.parse(topic);
      if (!parsed || parsed.kind === 'trade' || parsed.kind === 'mbp') continue;
      const state = this.periodic.get(topic);
      let tick: string | undefined;
      let key: string;
      if (parsed.kind === 'bbo') {
        // bbo pushes whenever the best levels change, checked every step.
        const bbo = this.data.bbo(parsed.symbol, now);
        if (!bbo) continue;
        key = `${bbo.bid},${bbo.bidSize},${bbo.ask},${bbo.askSize}`;
        if (state && state.key === key && now - state.pushedAt < UNCHANGED_MS) continue;
        tick = encodeBbo(bbo);
      } else {
        if (state && now - state.pushedAt < interval) continue;
        tick = this.data.tickJson(topic, now);
        if (!tick) continue;
        // depth carries its own ts; its version says whether the book changed.
        key = parsed.kind === 'depth' ? String(this.data.symbolSim(parsed.symbol)?.book.version) : tick;
        if (state && state.key === key && now - state.pushedAt < UNCHANGED_MS / this.flood) continue;
      }
      this.periodic.set(topic, { key, pushedAt: now });
      publisher.publish(topic, encodePush(topic, now, tick));
    }
  }

  private schedule(): void {
    if (this.timer) clearInterval(this.timer);
    const tickMs = Math.max(10, Math.min(STEP_MS, PERIODIC_MS / this.flood));
    this.timer = setInterval(() => this.pump(), tickMs);
    this.timer.unref();
  }

  private parse(topic: string): Topic | undefined {
    if (!this.parsed.has(topic)) {
      if (this.parsed.size > 10_000) this.parsed.clear();
      this.parsed.set(topic, parseTopic(topic));
    }
    return this.parsed.get(topic);
  }

  /** Topic strings are built once, not once per event. */
  private topicOf(symbol: string, channel: string): string {
    const key = symbol + channel;
    let name = this.topicNames.get(key);
    if (name === undefined) {
      name = `market.${symbol}.${channel}`;
      this.topicNames.set(key, name);
    }
    return name;
  }
}
