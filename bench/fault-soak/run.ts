/**
 * The fault soak: the built app in headless Chromium against the reference server, the
 * spot screen and the options chart at each period under test open, while seeded random drops and
 * stalls hit the market feed. After each fault it waits until every screen shows data from after
 * the fault (the resume time) and compares the spot book with the push it came from; a little into
 * every bar that no fault is disturbing, and once more at the end, it compares every chart with the
 * server's history. Faults never overlap: each waits for the screens to recover from the previous.
 */
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import type { CandlePeriod } from '../../common/protocol.ts';
import type { ObservedEvent } from '../../src/lib/stream-observer.ts';
import { launchOptions } from '../../playwright.config.ts';
import { demoToken } from '../options-screen.ts';
import {
  type BookEvent,
  type ComparableBar,
  candlesCaughtUp,
  compareBars,
  freshSince,
  ghostLevels,
  persistedLevels,
} from './compare.ts';
import { type FaultRecord, type SoakTally, soakFigures, type Figures } from './figures.ts';
import { drainEvents, openSoakPage, snapshotOf, socketConnects, type SoakPage } from './pages.ts';
import { planFaults, type PlannedFault } from './plan.ts';
import { startSoakServer, type SoakServer } from './server.ts';
import { FeedWitness } from './witness.ts';

export interface FaultSoakOptions {
  /** The built app (vite build output) the server serves. */
  staticDir: string;
  minutes: number;
  drops: number;
  stalls: number;
  seed: number;
  /** A recorded session (transcript NDJSON) for the server to replay; undefined: the simulated market. */
  replayFile?: string;
  /** A chart at each of these periods (options screen), beside the spot screen. */
  periods: readonly CandlePeriod[];
  symbol: string;
  /** The Chromium to drive (default: the bench's, `launchOptions`); the end-to-end suite passes its own. */
  launch?: LaunchOptions;
  log?: (message: string) => void;
}

export interface FaultSoakResult {
  figures: Figures;
  pass: boolean;
  /** Per fault, every bar or level that did not match, every console error: for bench/results. */
  details: Record<string, unknown>;
}

export { RESUME_BUDGET_MS } from './figures.ts';
/** Screens get this long with live data before the first fault. */
const WARMUP_MS = 5_000;
/** A recovery counts once every screen has had fresh data this long without going stale again. */
const SETTLED_MS = 1_000;
/** A fault from which the screens have not recovered after this long is counted as unresumed. */
const RESUME_TIMEOUT_MS = 30_000;
const POLL_MS = 200;
/** Charts are compared this far into a bar: away from closes, whose refresh comes about 1 s after them. */
const CHECK_WINDOW = { fromMs: 15_000, toMs: 45_000 };
/** A chart comparison waits this long after a recovery (the engine's settle refresh and its delivery). */
const CHECK_AFTER_RECOVERY_MS = 3_000;
const BAR_MS = 60_000;
/** A book comparison waits at most this long for a book the witness also received. */
const BOOK_MATCH_TRIES = 15;

type ServerBar = { [K in keyof ComparableBar]: number } & { count: number };

/** A stream a screen shows, and when its data was fresh again after a fault (see freshSince). */
interface WatchedStream {
  freshAt(from: number, until: number): number | undefined;
}

function watched<E extends { at: number }>(events: readonly E[], isFresh: (event: E) => boolean): WatchedStream {
  return { freshAt: (from, until) => freshSince(events, from, until, isFresh) };
}

/** The events of one kind a screen received. */
function eventsOf<K extends ObservedEvent['kind']>(
  page: SoakPage,
  kind: K,
  symbol: string,
): Extract<ObservedEvent, { kind: K }>[] {
  return page.events.filter(
    (event): event is Extract<ObservedEvent, { kind: K }> => event.kind === kind && event.symbol === symbol,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one soak; the caller builds the app and prints the figures. */
export async function runFaultSoak(options: FaultSoakOptions): Promise<FaultSoakResult> {
  const log = options.log ?? (() => {});
  const server = await startSoakServer(options.staticDir, options.seed, options.replayFile);
  const topics = [`depth.step0`, `detail`, `kline.1min`].map((topic) => `market.${options.symbol}.${topic}`);
  const witness = new FeedWitness(`${server.url.replace(/^http/, 'ws')}/ws`, topics);
  let browser: Browser | undefined;
  const pages: SoakPage[] = [];
  try {
    await witness.start();
    browser = await chromium.launch(options.launch ?? launchOptions);
    const token = await demoToken(server.url);
    log('opening the spot screen');
    pages.push(await openSoakPage(browser, server.url, token, options.symbol, { kind: 'spot' }));
    for (const period of options.periods) {
      log(`opening the options screen with the ${period} chart`);
      pages.push(await openSoakPage(browser, server.url, token, options.symbol, { kind: 'options', period }));
    }
    return await new Soak(options, server, witness, pages, log).run();
  } finally {
    for (const page of pages) await page.context.close().catch(() => undefined);
    await browser?.close();
    witness.stop();
    await server.stop();
  }
}

class Soak {
  private readonly faults: FaultRecord[] = [];
  private readonly badBars = new Map<string, unknown>();
  private readonly missingBars = new Set<string>();
  private readonly differingBars = new Set<string>();
  private readonly ghostDetails: unknown[] = [];
  private ghosts = 0;
  private barChecks = 0;
  private barsComparedAtEnd = 0;
  private bookChecks = 0;
  private bookChecksUnmatched = 0;
  private lastCheckedBar = Number.NaN;
  private checksAllowedAt = 0;

  constructor(
    private readonly options: FaultSoakOptions,
    private readonly server: SoakServer,
    private readonly witness: FeedWitness,
    private readonly pages: SoakPage[],
    private readonly log: (message: string) => void,
  ) {}

  private get spot(): SoakPage {
    return this.pages.find((page) => page.kind === 'spot') as SoakPage;
  }

  async run(): Promise<FaultSoakResult> {
    const { options } = this;
    const plan = planFaults({
      seed: options.seed,
      windowMs: options.minutes * 60_000 - WARMUP_MS,
      drops: options.drops,
      stalls: options.stalls,
    });
    const startedAt = Date.now();
    this.checksAllowedAt = startedAt + WARMUP_MS;
    await this.idleUntil(startedAt + WARMUP_MS);
    const faultsFrom = Date.now();
    for (const planned of plan) {
      await this.idleUntil(faultsFrom + planned.atMs);
      const record = await this.inject(planned);
      await this.awaitRecovery(record);
      await this.checkBook(`after ${record.kind} ${this.faults.length}`);
      if (this.faults.length % 10 === 0)
        this.log(`${this.faults.length}/${plan.length} faults, ${((Date.now() - faultsFrom) / 60_000).toFixed(1)} min`);
    }
    const faultMinutes = (Date.now() - startedAt) / 60_000;
    // The last comparison: at the next moment away from a close, after the last recovery.
    this.lastCheckedBar = Number.NaN;
    while (!this.checkDue(Date.now())) await this.pollFor(POLL_MS);
    await this.checkBars(true);
    await this.checkBook('at the end');
    return this.result(plan, faultMinutes);
  }

  /** Waits until `until`, comparing the charts whenever a bar is well under way and no fault is near. */
  private async idleUntil(until: number): Promise<void> {
    while (Date.now() < until) {
      await this.pollFor(Math.min(POLL_MS, until - Date.now()));
      if (this.checkDue(Date.now())) await this.checkBars(false);
    }
  }

  private async pollFor(ms: number): Promise<void> {
    if (ms > 0) await sleep(ms);
    for (const page of this.pages) await drainEvents(page);
  }

  /** Where the server's 1-minute bars begin, ms modulo a minute (a replay's bars keep the recording's phase). */
  private barPhase(): number {
    const starts = this.witness.barStartTimes(`market.${this.options.symbol}.kline.1min`);
    // The first start is when the witness subscribed, not a close.
    return starts.length >= 2 ? (starts[1] as number) % BAR_MS : 0;
  }

  private checkDue(now: number): boolean {
    if (now < this.checksAllowedAt) return false;
    const intoBar = (((now - this.barPhase()) % BAR_MS) + BAR_MS) % BAR_MS;
    const bar = Math.floor((now - this.barPhase()) / BAR_MS);
    return intoBar >= CHECK_WINDOW.fromMs && intoBar <= CHECK_WINDOW.toMs && bar !== this.lastCheckedBar;
  }

  private async inject(planned: PlannedFault): Promise<FaultRecord> {
    const connectsBefore = await socketConnects(this.spot);
    let record: FaultRecord;
    if (planned.kind === 'drop') {
      const start = Date.now();
      await this.server.control<{ dropped: number }>('/__test/feed/drop');
      record = { kind: 'drop', plannedAtMs: planned.atMs, start, end: Date.now(), connectsBefore, persistedLevels: 0 };
    } else {
      const { stalledUntil } = await this.server.control<{ stalledUntil: number }>(
        `/__test/feed/stall?seconds=${planned.seconds}`,
      );
      const start = stalledUntil - planned.seconds * 1000;
      record = {
        kind: 'stall',
        seconds: planned.seconds,
        plannedAtMs: planned.atMs,
        start,
        end: stalledUntil,
        connectsBefore,
        persistedLevels: 0,
      };
      while (Date.now() < record.end) await this.pollFor(Math.min(POLL_MS, record.end - Date.now()));
    }
    this.faults.push(record);
    return record;
  }

  /** The server's open bar of `period` right now: what a chart must show at least to be caught up. */
  private async openBar(period: CandlePeriod): Promise<{ time: number; count: number }> {
    const bar = (await this.history(period, 1))[0];
    if (!bar) throw new Error(`the server has no ${period} bar`);
    return { time: bar.time, count: bar.count };
  }

  /** The server's newest `size` bars of `period`, oldest first, as its REST answers them (JSON numbers). */
  private async history(period: CandlePeriod, size: number): Promise<ServerBar[]> {
    const query = new URLSearchParams({ symbol: this.options.symbol, period, size: String(size) });
    const answer = (await (await fetch(`${this.server.url}/market/history/kline?${query}`)).json()) as {
      data: (Omit<ServerBar, 'time'> & { id: number })[];
    };
    return answer.data.map((bar) => ({ ...bar, time: bar.id })).sort((a, b) => a.time - b.time);
  }

  /** The spot book's events, and which of them show data from after `end` (a non-empty book pushed after it). */
  private spotBook(end: number): { events: BookEvent[]; isFresh: (event: BookEvent) => boolean } {
    const { witness } = this;
    return {
      events: eventsOf(this.spot, 'book', this.options.symbol),
      // A replayed push keeps its recorded ts: whether the witness received it after `end` tells.
      isFresh: (event) => event.levels > 0 && (event.ts > end || witness.pushedSince('depth', event.ts, end)),
    };
  }

  /** Every stream a screen shows from the feed, with how to tell its data is from after `end`. */
  private watchedStreams(
    page: SoakPage,
    end: number,
    references: Map<string, { time: number; count: number }>,
  ): WatchedStream[] {
    const { witness } = this;
    const symbol = this.options.symbol;
    if (page.kind === 'spot') {
      const book = this.spotBook(end);
      const ticker = eventsOf(page, 'ticker', symbol);
      return [
        watched(book.events, book.isFresh),
        watched(ticker, (event) => event.ts > end || witness.pushedSince('detail', event.ts, end)),
      ];
    }
    const reference = references.get(page.name) as { time: number; count: number };
    const candles = eventsOf(page, 'candles', symbol).filter((event) => event.period === page.period);
    return [watched(candles, (event) => candlesCaughtUp(event, reference))];
  }

  /** Waits until every screen shows data from after the fault and has kept it for SETTLED_MS. */
  private async awaitRecovery(record: FaultRecord): Promise<void> {
    const references = new Map<string, { time: number; count: number }>();
    for (const page of this.pages) if (page.period) references.set(page.name, await this.openBar(page.period));
    for (;;) {
      await this.pollFor(POLL_MS);
      const now = Date.now();
      let resumedAt = record.end;
      for (const page of this.pages) {
        for (const stream of this.watchedStreams(page, record.end, references)) {
          const at = stream.freshAt(record.end, now);
          resumedAt = at === undefined ? Number.POSITIVE_INFINITY : Math.max(resumedAt, at);
        }
      }
      if (now - resumedAt >= SETTLED_MS) {
        record.resumeMs = resumedAt - record.end;
        break;
      }
      if (now - record.end > RESUME_TIMEOUT_MS) {
        this.log(
          `${record.kind} at ${new Date(record.start).toISOString()}: the screens did not recover within ${RESUME_TIMEOUT_MS} ms`,
        );
        break;
      }
    }
    record.socketDown = (await socketConnects(this.spot)) > record.connectsBefore;
    if (record.socketDown) {
      const book = this.spotBook(record.end);
      const persisted = persistedLevels(book.events, record.start, book.isFresh);
      record.persistedLevels = persisted;
      if (persisted > 0) {
        this.ghosts += persisted;
        const around = book.events.filter(
          (event) => event.at >= record.start - 2_000 && event.at <= record.end + 6_000,
        );
        this.ghostDetails.push({
          fault: record.kind,
          start: new Date(record.start).toISOString(),
          persistedLevels: persisted,
          bookEvents: around.map((event) => ({ ...event, fresh: book.isFresh(event) })),
        });
      }
    }
    this.checksAllowedAt = Date.now() + CHECK_AFTER_RECOVERY_MS;
  }

  /** The spot book against the very push it came from (the witness received the same frame). */
  private async checkBook(when: string): Promise<void> {
    for (let attempt = 0; attempt < BOOK_MATCH_TRIES; attempt++) {
      const snapshot = await snapshotOf(this.spot);
      const book = snapshot.books.find((b) => b.symbol === this.options.symbol);
      const pushed = book && book.bids.length + book.asks.length > 0 ? this.witness.depthAt(book.ts) : undefined;
      if (book && pushed) {
        this.bookChecks++;
        const ghosts = ghostLevels(book, pushed);
        if (ghosts > 0) {
          this.ghosts += ghosts;
          this.ghostDetails.push({ when, ts: book.ts, ghosts, ui: { bids: book.bids, asks: book.asks } });
        }
        return;
      }
      await sleep(300);
    }
    this.bookChecksUnmatched++;
  }

  /** Every chart against the server's history. */
  private async checkBars(final: boolean): Promise<void> {
    this.lastCheckedBar = Math.floor((Date.now() - this.barPhase()) / BAR_MS);
    this.barChecks++;
    for (const page of this.pages) {
      if (!page.period) continue;
      const snapshot = await snapshotOf(page);
      const series = snapshot.candles.find((s) => s.symbol === this.options.symbol && s.period === page.period);
      if (!series) throw new Error(`${page.name}: no chart series to compare`);
      const server = await this.history(page.period, Math.min(2000, series.bars.length + 5));
      const comparison = compareBars(series.bars, server);
      if (final) this.barsComparedAtEnd += comparison.compared;
      const uiByTime = new Map(series.bars.map((bar) => [bar.time, bar]));
      const serverByTime = new Map(server.map((bar) => [bar.time, bar]));
      for (const time of comparison.missing) {
        const key = `${page.period} ${new Date(time * 1000).toISOString()}`;
        this.missingBars.add(key);
        this.badBars.set(`missing ${key}`, { server: serverByTime.get(time) });
      }
      for (const { time, fields } of comparison.differing) {
        const key = `${page.period} ${new Date(time * 1000).toISOString()}`;
        this.differingBars.add(key);
        this.badBars.set(`differing ${key}`, {
          fields,
          ui: uiByTime.get(time),
          server: serverByTime.get(time),
          seenAt: new Date().toISOString(),
        });
      }
    }
  }

  private result(plan: PlannedFault[], faultMinutes: number): FaultSoakResult {
    const { options } = this;
    const consoleErrors = this.pages.flatMap((page) => page.errors);
    const tally: SoakTally = {
      source: options.replayFile
        ? `replay ${options.replayFile.split(/[\\/]/).pop()}`
        : `simulate (FEED_SEED ${options.seed})`,
      screens: this.pages.map((page) => page.name),
      seed: options.seed,
      minutes: options.minutes,
      faultMinutes,
      faults: this.faults,
      missingBars: this.missingBars,
      differingBars: this.differingBars,
      barChecks: this.barChecks,
      barsComparedAtEnd: this.barsComparedAtEnd,
      ghostLevels: this.ghosts,
      bookChecks: this.bookChecks,
      bookChecksUnmatched: this.bookChecksUnmatched,
      consoleErrors,
      daySummaryMaxGapMs: this.daySummaryMaxGap(),
    };
    const { figures, pass } = soakFigures(tally);
    const iso = (ms: number): string => new Date(ms).toISOString();
    return {
      figures,
      pass,
      details: {
        plan,
        faults: this.faults.map(({ start, end, ...fault }) => ({ ...fault, start: iso(start), end: iso(end) })),
        badBars: Object.fromEntries(this.badBars),
        ghosts: this.ghostDetails,
        consoleErrors,
      },
    };
  }

  /** The longest wait between two day-summary values on an options screen (its 5 s poll must keep going). */
  private daySummaryMaxGap(): number {
    let gap = Number.NaN;
    for (const page of this.pages) {
      const times = eventsOf(page, 'daySummary', this.options.symbol).map((event) => event.at);
      for (let i = 1; i < times.length; i++)
        gap = Math.max(Number.isNaN(gap) ? 0 : gap, (times[i] as number) - (times[i - 1] as number));
    }
    return gap;
  }
}
