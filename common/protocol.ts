/**
 * Types shared by the market worker, the app and the server (docs/architecture.md#who-imports-whom). The worker normalizes
 * everything it receives into these shapes before it reaches the UI.
 *
 * Decimal text: prices, sizes and volumes that the UI shows travel as plain decimal strings
 * (no exponent, no trailing fractional zeros: the wire's `716.0` becomes `"716"`, `9.121E-7`
 * becomes `"0.0000009121"`), parsed from the raw JSON text so no digit is lost to a double. Format
 * and compute them with big.js. Books are the one exception, see {@link Book}.
 */
import type { DepthCurve } from './depth-curve.ts';

export type { DepthCurve } from './depth-curve.ts';

/** What the UI tells the worker about the signed-in user; polls send these as `Token` and `Lang`. */
export interface Session {
  token: string | null;
  lang: string;
}

/** A system notice (docs/product-rules.md#notices). status 1 = unread, 2 = read. */
export interface Notice {
  id: number;
  title: string;
  addtime: string;
  status: number;
  imgs: string;
  content: string;
}

/** Kline periods of the HTX feed (protocol §6). */
export type CandlePeriod =
  '1min' | '5min' | '15min' | '30min' | '60min' | '4hour' | '1day' | '1week' | '1mon' | '1year';

/** One candlestick. `time` is the bar's open time in epoch SECONDS (HTX `id`, lightweight-charts `time`). */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  /** Volume in the base currency. */
  amount: string;
  /** Turnover in the quote currency. */
  vol: string;
  /** Number of trades. */
  count: number;
}

/**
 * The chart's series as the UI sees it: every bar the client holds, oldest first (capped at
 * {@link CANDLE_HISTORY_CAP}). A chart calls `setData(bars)` when `resetId` differs from the one it
 * drew, otherwise `update(bar)` for each bar whose time is at or after the last one it drew.
 * Empty `bars` means the history has not loaded yet (docs/product-rules.md#calls-and-answers: a failed chart load keeps the spinner).
 */
export interface CandleSeries {
  symbol: string;
  period: CandlePeriod;
  bars: readonly Candle[];
  resetId: number;
}

/**
 * Chart indicators of one bar, computed in the market worker from its candles: the
 * moving averages (5, 10, 20, 30 closes), Bollinger bands (20, 2), MACD (12, 26, 9) and Wilder's
 * RSI (14). Display values, not money: plain numbers, null while a window is not yet full.
 */
export interface StudyPoint {
  /** The bar's open time, epoch seconds (as {@link Candle.time}). */
  time: number;
  ma: [number | null, number | null, number | null, number | null];
  bollUpper: number | null;
  bollMid: number | null;
  bollLower: number | null;
  macd: number | null;
  signal: number | null;
  histogram: number | null;
  rsi: number | null;
}

/** The indicators of a chart's series, one point per bar, oldest first; `resetId` as {@link CandleSeries}. */
export interface StudySeries {
  symbol: string;
  period: CandlePeriod;
  points: readonly StudyPoint[];
  resetId: number;
}

/** How many bars the engine and the client keep per series (docs/architecture.md#charts: cap history in memory). */
export const CANDLE_HISTORY_CAP = 1000;

/**
 * An order book, best levels first. Each side is packed `[price0, size0, price1, size1, …]` in a
 * Float64Array that is transferred (not copied) from the worker (docs/architecture.md#one-batch-per-frame).
 *
 * Exactness: each number is the double nearest the wire's decimal, and every price and size HTX
 * sends has at most 15 significant digits, so `String(n)` gives back the wire's decimal exactly
 * (the engine's tests check this on every recorded book); format with `new Big(n)` for display.
 */
export interface Book {
  symbol: string;
  /** Exchange time of the snapshot, ms. */
  ts: number;
  bids: Float64Array;
  asks: Float64Array;
}

/** 24 h rolling statistics of a pair (HTX `detail`, REST `/market/detail`). */
export interface DaySummary {
  symbol: string;
  /** Server time of the figures, ms. */
  ts: number;
  open: string;
  high: string;
  low: string;
  close: string;
  /** 24 h volume in the base currency. */
  amount: string;
  /** 24 h turnover in the quote currency. */
  vol: string;
  count: number;
}

/** Live 24 h ticker from the socket's `market.$symbol.detail` topic; same fields as {@link DaySummary}. */
export type Ticker = DaySummary;

/** One trade. Keyed by `tradeId` (HTX `id` has 27 digits and is never used). */
export interface Trade {
  /** HTX `tradeId` (WS) / `trade-id` (REST) as decimal text. */
  tradeId: string;
  ts: number;
  price: string;
  amount: string;
  /** The taker's side. */
  direction: 'buy' | 'sell';
}

/** How many trades the tape keeps (docs/product-rules.md#constants: history trades size 100). */
export const TRADE_TAPE_SIZE = 100;

/** A market row of the home list, the market list and the options pair list (docs/product-rules.md#market-lists). */
export interface MarketItem {
  id: number;
  symbol: string;
  /** BASE/QUOTE. */
  title: string;
  close: string;
  /** Signed change, e.g. "+1.25" or "-0.40". */
  change: string;
  logo: string;
  /** 24 h volume. */
  hamount: string;
  coinname: string;
  trade_coin: string;
  /**
   * Our field: the most decimals a limit price of this pair may carry (HTX price-precision, as the
   * server's spot order check enforces it, 0..8). Absent when the answer did not say (a server
   * from before the field): the spot form then keeps its older behaviour (see spot-rules.ts).
   */
  price_precision?: number;
  /**
   * Our field: the most decimals a quantity in the base coin may carry (HTX amount-precision, as
   * the server enforces it, 0..8). Absent when the answer did not say, like `price_precision`.
   */
  amount_precision?: number;
}

/** Balances on the spot screen (docs/product-rules.md#spot-screen). */
export interface MarketBalance {
  usdt_balance: string;
  coin_balance: string;
}

/** A spot order record (docs/product-rules.md#spot-orders). */
export interface SpotOrder {
  id: number;
  type: number;
  type_text: string;
  ordertype_text: string;
  coinname: string;
  trade_coin: string;
  addtime: string;
  status: number;
  price: string;
  predict_num: string;
  coinnum: string;
}

/** An options (second contract) order (docs/product-rules.md#options). */
export interface OptionsOrder {
  order_id: number;
  coinname: string;
  status: number;
  is_win: number;
  ploss: string;
  buyprice: string;
  sellprice: string;
  time: number;
  count_down: number;
  hyzd: number;
  hyzd_text: string;
  num: string;
  buytime: string;
  selltime: string;
}

/**
 * A price alert: fires when the pair's last price reaches `level` from the other side,
 * `above` (rises to or past it) or `below` (falls to or past it). `armed` is false after a repeating
 * alert fired and until the price is back on the starting side; a one-time alert is done once fired.
 */
export interface PriceAlert {
  id: string;
  symbol: string;
  /** Decimal text. */
  level: string;
  direction: 'above' | 'below';
  repeat: boolean;
  armed: boolean;
}

/** What the market worker reports about an alert: it fired at `price`, or a repeating one re-armed. */
export interface AlertEvent {
  id: string;
  kind: 'fired' | 'rearmed';
  symbol: string;
  /** The last price that decided it, decimal text. */
  price: string;
  /** The feed's time of that price, ms. */
  ts: number;
}

/** Receives alert events as they happen (not conflated, and also while the page is hidden). */
export type AlertSink = (events: AlertEvent[]) => void;

/** State of the market socket, for a connection indicator and for tests and the bench. */
export interface FeedStatus {
  state: 'idle' | 'connecting' | 'open' | 'waiting' | 'replay';
  /** Sockets opened since the engine started. */
  connects: number;
  /** Frames that could not be inflated, parsed or understood, counted and skipped. */
  brokenFrames: number;
  /** Frames received. */
  frames: number;
}

/**
 * Every stream the worker offers. Streams are reference-counted: the first subscriber starts the
 * socket topic or poll loop behind it, the last one to leave stops it.
 */
export type StreamKey =
  /** Shell notice banner: getNoticeList page 1 limit 1 every 10 s while a token exists and the switch is on; emits the newest notice or null. */
  | { kind: 'notices'; unreadSwitch: boolean }
  /** Emits the server's message whenever a poll answers 401, so the shell can clear the token and go to /login. */
  | { kind: 'sessionExpired' }
  /** Home market list: POST api/index/getMarketList every 10 s. */
  | { kind: 'homeMarkets' }
  /** Market screen list: POST api/index/getAllMarketList (fid, eid) every 10 s. */
  | { kind: 'markets'; fid: number; eid: number }
  /** Options screen pair popup: POST api/index/getMarketList every 2.5 s (docs/product-rules.md#options names no other call for it). */
  | { kind: 'optionPairs' }
  /** Spot screen balances: POST api/Trade/getMarketBalance (m_id) every 1 s; needs a token. */
  | { kind: 'spotBalance'; mId: number }
  /** Spot screen orders: POST api/Trade/getOrderList (type, status, page 1, limit 10) every 1 s; needs a token. */
  | { kind: 'spotOrders'; type: number; status: number }
  /** Options order being settled: POST api/Contrade/getHyOrderInfo (order_id) every 5 s; needs a token. */
  | { kind: 'optionOrder'; orderId: number }
  /** Day summary: GET /market/detail?symbol= every 5 s. */
  | { kind: 'daySummary'; symbol: string }
  /** Live 24 h ticker over the socket (`market.$symbol.detail`). */
  | { kind: 'ticker'; symbol: string }
  /**
   * Live order book over the socket (`market.$symbol.depth.step$step`), top `levels` per side
   * (default 20; step 0 sends up to 150 levels, steps 1-5 up to 20). Step N groups prices into
   * buckets of 10^N ticks (bids rounded down, asks up): the book's price grouping.
   */
  | { kind: 'book'; symbol: string; levels?: number; step?: number }
  /**
   * The depth chart's curve of the same book (`depth.step$step`, every level), computed in the
   * worker: cumulative sizes, at most about one point per pixel of a chart `points` pixels wide.
   * It shares the book's subscription.
   */
  | { kind: 'depth'; symbol: string; step?: number; points?: number }
  /** Live candles over the socket with REST history (200 bars) and backfill after reconnects. */
  | { kind: 'candles'; symbol: string; period: CandlePeriod }
  /** Live trade tape over the socket with REST history (100 trades), newest first. */
  | { kind: 'trades'; symbol: string }
  /** Indicators of the candles stream of the same pair and period, per live bar. */
  | { kind: 'studies'; symbol: string; period: CandlePeriod }
  /** The socket's state and counters. */
  | { kind: 'feedStatus' };

/** The kinds of {@link StreamKey}. */
export type StreamKind = StreamKey['kind'];

/** The value type each stream emits to the UI. */
export type StreamValue<K extends StreamKey> = K extends { kind: 'notices' }
  ? Notice | null
  : K extends { kind: 'sessionExpired' }
    ? string
    : K extends { kind: 'homeMarkets' | 'markets' | 'optionPairs' }
      ? MarketItem[]
      : K extends { kind: 'spotBalance' }
        ? MarketBalance
        : K extends { kind: 'spotOrders' }
          ? SpotOrder[]
          : K extends { kind: 'optionOrder' }
            ? OptionsOrder
            : K extends { kind: 'daySummary' | 'ticker' }
              ? DaySummary
              : K extends { kind: 'book' }
                ? Book
                : K extends { kind: 'depth' }
                  ? DepthCurve
                  : K extends { kind: 'candles' }
                    ? CandleSeries
                    : K extends { kind: 'studies' }
                      ? StudySeries
                      : K extends { kind: 'trades' }
                        ? readonly Trade[]
                        : K extends { kind: 'feedStatus' }
                          ? FeedStatus
                          : never;

/**
 * What one batch carries for one stream (the worker→UI wire). Candles and trades send only what
 * changed since the subscription's previous batch; `reset` marks a full replacement (the first
 * batch of a subscription, or after a history merge). Every other stream sends its whole value.
 */
export type StreamWire<K extends StreamKey> = K extends { kind: 'candles' }
  ? { reset: boolean; bars: Candle[] }
  : K extends { kind: 'studies' }
    ? { reset: boolean; points: StudyPoint[] }
    : K extends { kind: 'trades' }
      ? { reset: boolean; trades: Trade[] }
      : StreamValue<K>;

/** One entry of a batch: the subscription id chosen by the UI and its wire value. */
export interface BatchItem {
  id: number;
  wire: unknown;
}

/** Receives every pending value of every subscription in ONE call per animation frame (or 100 ms). */
export type BatchSink = (items: BatchItem[]) => void;
