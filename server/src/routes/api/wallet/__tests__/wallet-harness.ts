import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { expect } from 'vitest';
import { loadConfig } from '../../../../config.ts';
import { openDatabase, type Db } from '../../../../db/database.ts';
import { BankCardRepository } from '../../../../db/repositories/bank-card-repository.ts';
import { LedgerRepository, type Balance } from '../../../../db/repositories/ledger-repository.ts';
import { MarketRepository } from '../../../../db/repositories/market-repository.ts';
import { UserRepository } from '../../../../db/repositories/user-repository.ts';
import { WithdrawAddressRepository } from '../../../../db/repositories/withdraw-address-repository.ts';
import { syncCatalogue } from '../../../../domain/catalogue.ts';
import { parseAmount } from '../../../../domain/money.ts';
import { hashSecret } from '../../../../domain/passwords.ts';
import { openSiteConfig, siteConfigFile, type SiteConfig } from '../../../../domain/site-config.ts';
import { walletConfigFile } from '../../../../domain/wallet/wallet-config.ts';
import { ManualClock } from '../../../../feed/clock.ts';
import { createMarketFeed, type MarketFeed } from '../../../../feed/market-feed.ts';
import { installApiContract } from '../../../../http/contract/install.ts';
import type { Envelope } from '../../../../http/envelope.ts';
import { fileForm, fixture } from '../../../../uploads/__tests__/upload-support.ts';
import { uploadRoute } from '../../profile/upload-route.ts';
import { createApiContext, type ApiContext } from '../../context.ts';
import { walletRoutes } from '../wallet-routes.ts';
import { givenApiContext } from '../../../../plugins/api-context.ts';
import { walletPlugin } from '../../../../plugins/wallet.ts';

/** Where the manual clock starts: a fixed instant, so the seeded simulator always shows the same prices. */
export const START_MS = 1_750_000_000_000;

/** The pay password every harness user has. */
export const PAY_PASSWORD = 'trade123';

/** The wallet configuration the tests start with (README "Wallet" for the format). */
export const TEST_WALLET_CONFIG = {
  deposit: [
    {
      coin: 'usdt',
      networks: [
        { id: 1, pay_type: 1, coin_net: 'TRC20', address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', min: '10' },
        { id: 2, pay_type: 2, coin_net: 'ERC20', address: '0x000000000000000000000000000000000000dEaD' },
        { id: 3, pay_type: 3, coin_net: 'Bank wire', bank_name: 'Test Bank', card_number: '6222 0000 1111 2222', recipient: 'Test Ltd' },
      ],
    },
    { coin: 'btc', networks: [{ id: 4, pay_type: 1, coin_net: 'Bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }] },
  ],
  withdraw: {
    usdt: { min: '10', max: '50000', fee_type: 1, fee_percent: '1' },
    btc: { min: '0.001', max: '10', fee_type: 2, fee_fixed: '0.0005' },
  },
  exchange: { fee_percent: '0.2', coins: ['usdt', 'btc', 'eth', 'doge'] },
};

type Fields = Record<string, string | number>;

/**
 * The wallet API on a real SQLite file, the real upload route and the REAL feed (seeded simulator)
 * driven by a manual clock, so the price of every instant is known: `price('btc')` is what the
 * server values and exchanges at now.
 */
export interface WalletHarness {
  app: FastifyInstance;
  db: Db;
  ctx: ApiContext;
  clock: ManualClock;
  feed: MarketFeed;
  dataDir: string;
  /** Binds the user's withdrawal address of a coin as the profile screen does (one per coin); returns its id. */
  bindAddress(userId: number, coin: string, address: string): number;
  /** Adds a bank card of the user as the bank screen does; returns its id. */
  bindCard(userId: number, card: { bankName: string; cardNumber: string; cardName: string }): number;
  addUser(name: string, funds?: Record<string, string>): Promise<{ id: number; token: string }>;
  post<T = unknown>(path: string, fields: Fields, token?: string, lang?: string): Promise<Envelope<T>>;
  get<T = unknown>(path: string, fields: Fields, token?: string): Promise<Envelope<T>>;
  /** Uploads the fixture photo as this user; returns the url the upload call answered. */
  uploadProof(token: string): Promise<string>;
  /** Changes site switches (the file is rewritten, as an operator would). */
  setSite(patch: Partial<SiteConfig>): void;
  /** Replaces the wallet configuration file. */
  setWalletConfig(config: object): void;
  /** USDT per whole coin now, as the feed prints it. */
  price(coin: string): string;
  balance(userId: number, coin: string, accountType?: number): Balance;
  coinId(coin: string): number;
  close(): Promise<void>;
}

const form = (fields: Fields): string => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

export async function startWalletHarness(options: { seed?: number } = {}): Promise<WalletHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-test-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: 'silent', SEED_DEMO: '0', FEED_SOURCE: 'simulate', FEED_SEED: String(options.seed ?? 7) });
  const db = openDatabase(dataDir);
  const clock = new ManualClock(START_MS);
  const feed = createMarketFeed(config.feed, { clock });
  const siteConfig = openSiteConfig(dataDir, { error: () => {} });
  const ctx = createApiContext(db, config, siteConfig, () => clock.now());
  let stamp = Math.floor(Date.now() / 1000);
  /** Writes a config file with a later modification time than any before, so the store sees the change. */
  const rewrite = (file: string, content: object) => {
    writeFileSync(file, JSON.stringify(content));
    stamp += 10;
    utimesSync(file, stamp, stamp);
  };
  rewrite(walletConfigFile(dataDir), TEST_WALLET_CONFIG);

  const app = Fastify({ logger: false, routerOptions: { caseSensitive: false } });
  app.decorate('config', config);
  app.decorate('db', db);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 0, parts: 1 } });
  await app.register(
    async (api) => {
      await installApiContract(api, { checkAnswers: true, version: 'test' });
      await api.register(givenApiContext(ctx));
      await api.register(walletPlugin, { prices: (symbol, at) => feed.priceAt(symbol, at) });
      await api.register(uploadRoute);
      await api.register(walletRoutes);
    },
    { prefix: '/api' },
  );
  await app.ready();

  const markets = new MarketRepository(db);
  syncCatalogue(markets);
  // The coins' withdraw networks, as the demo and an operator set them (issue 11).
  const addresses = new WithdrawAddressRepository(db);
  for (const [coin, network] of [['usdt', 'TRC20'], ['btc', 'BTC'], ['eth', 'ERC20']] as const) addresses.setNetwork(coin, network);
  const cards = new BankCardRepository(db);
  const ledger = new LedgerRepository(db);
  const users = new UserRepository(db);
  const payHash = await hashSecret(PAY_PASSWORD);
  const coinId = (coin: string): number => {
    const row = markets.coinByName(coin);
    if (!row) throw new Error(`no coin ${coin}`);
    return row.id;
  };
  const call = async <T>(method: 'GET' | 'POST', path: string, fields: Fields, token?: string, lang = 'en'): Promise<Envelope<T>> => {
    const headers = { lang, ...(token ? { token } : {}) };
    const response =
      method === 'POST'
        ? await app.inject({ method, url: `/api/${path}`, payload: form(fields), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } })
        : await app.inject({ method, url: `/api/${path}?${form(fields)}`, headers });
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    return response.json<Envelope<T>>();
  };

  return {
    app,
    db,
    ctx,
    clock,
    feed,
    dataDir,
    bindAddress(userId, coin, address) {
      const withdrawable = addresses.withdrawableCoins().find((c) => c.name === coin);
      if (!withdrawable) throw new Error(`${coin} has no withdraw network`);
      return addresses.bind(userId, withdrawable, address, clock.now());
    },
    bindCard: (userId, card) => cards.add(userId, card, clock.now()),
    async addUser(name, funds = {}) {
      const id = users.create({
        username: name,
        email: `${name}@example.com`,
        phone: null,
        password: { hash: 'x', salt: 'y' },
        inviteCode: name.toUpperCase().slice(0, 8).padEnd(6, 'X'),
        invitedBy: null,
        lang: 'en',
        registerIp: '127.0.0.1',
        createdAt: clock.now(),
      });
      users.setPayPassword(id, payHash);
      const changes = Object.entries(funds).map(([coin, amount]) => {
        const parsed = parseAmount(amount);
        if (!parsed.ok) throw new Error(`bad amount ${amount}`);
        return { userId: id, coinId: coinId(coin), accountType: 1, part: 'available' as const, amount: parsed.units, kind: 'grant' as const };
      });
      ledger.apply(changes, null, clock.now());
      return { id, token: ctx.auth.issue(id) };
    },
    post: (path, fields, token, lang) => call('POST', path, fields, token, lang),
    get: (path, fields, token) => call('GET', path, fields, token),
    async uploadProof(token) {
      const body = fileForm(fixture('photo.jpg'), 'proof.jpg', 'image/jpeg');
      const response = await app.inject({ method: 'POST', url: '/api/api/common/upload', payload: body.payload, headers: { ...body.headers, token } });
      const answer = response.json<Envelope<{ url: string }>>();
      expect(answer.code, answer.msg).toBe(1);
      return answer.data.url;
    },
    setSite(patch) {
      const file = siteConfigFile(dataDir);
      rewrite(file, { ...(JSON.parse(readFileSync(file, 'utf8')) as object), ...patch });
    },
    setWalletConfig(content) {
      rewrite(walletConfigFile(dataDir), content);
    },
    price(coin) {
      if (coin === 'usdt') return '1';
      const price = feed.priceAt(`${coin}usdt`, clock.now());
      if (price === null) throw new Error(`no price for ${coin}`);
      return price;
    },
    balance: (userId, coin, accountType = 1) => ledger.balance({ userId, coinId: coinId(coin), accountType }),
    coinId,
    async close() {
      await app.close();
      feed.close();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Units of a decimal string, for expectations. */
export function units(text: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new Error(`bad amount ${text}`);
  return parsed.units;
}

/** Every row of every table: what a refused call must leave as it was. */
export function everything(db: Db): string {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  return JSON.stringify(
    tables.map((table) => [table, db.prepare(`SELECT * FROM "${table}"`).safeIntegers(true).all()]),
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
  );
}

export { expectBillsMatchBalances } from '../../../../db/__tests__/ledger-property.ts';
