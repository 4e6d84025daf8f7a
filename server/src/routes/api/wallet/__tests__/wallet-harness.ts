import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { loadConfig } from '../../../../config.ts';
import type { Db } from '../../../../db/database.ts';
import { BankCardRepository } from '../../../../db/repositories/bank-card-repository.ts';
import { LedgerRepository, type Balance } from '../../../../db/repositories/ledger-repository.ts';
import { MarketRepository } from '../../../../db/repositories/market-repository.ts';
import { UserRepository } from '../../../../db/repositories/user-repository.ts';
import { WithdrawAddressRepository } from '../../../../db/repositories/withdraw-address-repository.ts';
import { syncCatalogue } from '../../../../domain/catalogue.ts';
import { hashSecret } from '../../../../domain/passwords.ts';
import { openSiteConfig, type SiteConfig } from '../../../../domain/site-config.ts';
import { walletConfigFile } from '../../../../domain/wallet/wallet-config.ts';
import { ManualClock } from '../../../../feed/clock.ts';
import { createMarketFeed, type MarketFeed } from '../../../../feed/market-feed.ts';
import { startSession } from '../../../../domain/security/sessions.ts';
import { installApiContract } from '../../../../http/contract/install.ts';
import type { Envelope } from '../../../../http/envelope.ts';
import {
  apiClient,
  as,
  coinIdOf,
  createUser,
  editSiteConfig,
  freshDatabase,
  grant,
  removeDataDir,
  rewriteJsonFile,
  uploadPhoto,
  type Fields,
} from '../../../../__tests__/harness/index.ts';
import { uploadRoute } from '../../profile/upload-route.ts';
import { createApiContext, type ApiContext } from '../../context.ts';
import { passkeyRoutes } from '../../security/passkey-routes.ts';
import { approvalRoutes } from '../../security/approval-routes.ts';
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
        {
          id: 3,
          pay_type: 3,
          coin_net: 'Bank wire',
          bank_name: 'Test Bank',
          card_number: '6222 0000 1111 2222',
          recipient: 'Test Ltd',
        },
      ],
    },
    {
      coin: 'btc',
      networks: [{ id: 4, pay_type: 1, coin_net: 'Bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }],
    },
  ],
  withdraw: {
    usdt: { min: '10', max: '50000', fee_type: 1, fee_percent: '1' },
    btc: { min: '0.001', max: '10', fee_type: 2, fee_fixed: '0.0005' },
  },
  exchange: { fee_percent: '0.2', coins: ['usdt', 'btc', 'eth', 'doge'] },
};

/**
 * The wallet API on a real SQLite file, the real upload route and the REAL feed (seeded simulator)
 * driven by a manual clock, so the price of every instant is known: `price('btc')` is what the
 * server values and exchanges at now. Built on the server harness (server/src/__tests__/harness):
 * a fresh migrated database, its calls and users.
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

export async function startWalletHarness(options: { seed?: number } = {}): Promise<WalletHarness> {
  const { dataDir, db } = await freshDatabase('schema', 'wallet-test-');
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    FEED_SOURCE: 'simulate',
    FEED_SEED: String(options.seed ?? 7),
  });
  const clock = new ManualClock(START_MS);
  const feed = createMarketFeed(config.feed, { clock });
  const siteConfig = openSiteConfig(dataDir, { error: () => {} });
  const ctx = createApiContext(db, config, siteConfig, () => clock.now());
  rewriteJsonFile(walletConfigFile(dataDir), TEST_WALLET_CONFIG);

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
      await api.register(approvalRoutes);
      await api.register(passkeyRoutes);
    },
    { prefix: '/api' },
  );
  await app.ready();

  syncCatalogue(new MarketRepository(db));
  // The coins' withdraw networks, as the demo and an operator set them.
  const addresses = new WithdrawAddressRepository(db);
  for (const [coin, network] of [
    ['usdt', 'TRC20'],
    ['btc', 'BTC'],
    ['eth', 'ERC20'],
  ] as const)
    addresses.setNetwork(coin, network);
  const cards = new BankCardRepository(db);
  const ledger = new LedgerRepository(db);
  const users = new UserRepository(db);
  const payHash = await hashSecret(PAY_PASSWORD);
  const client = apiClient(app);
  const coinId = (coin: string): number => coinIdOf(db, coin);

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
      const id = createUser(db, { name, password: { hash: 'x', salt: 'y' }, at: clock.now() });
      users.setPayPassword(id, payHash);
      grant(db, id, funds, clock.now());
      return { id, token: startSession(ctx, { userId: id, ip: '', userAgent: '' }) };
    },
    post: (path, fields, token, lang = 'en') => client.post(path, fields, as(token, lang)),
    get: (path, fields, token) => client.get(path, fields, as(token, 'en')),
    uploadProof: async (token) => (await uploadPhoto(client, token, 'proof.jpg')).url,
    setSite(patch) {
      editSiteConfig(dataDir, patch);
    },
    setWalletConfig(content) {
      rewriteJsonFile(walletConfigFile(dataDir), content);
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
      removeDataDir(dataDir);
    },
  };
}
