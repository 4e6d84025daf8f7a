import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decimalToUnits, numberToDecimal } from '../money.ts';
import { WatchedJsonFile, type ConfigLogger } from '../watched-json-file.ts';
import { exactDecimal } from './exact.ts';

/**
 * The operator's wallet configuration, `DATA_DIR/wallet-config.json` (README "Wallet"): where users
 * deposit each coin (networks with an address, or bank-wire details), the withdrawal limits and fee
 * of each coin, and the flash exchange's coins and fee. Read again whenever the file changes; a file
 * this module refuses is logged with the reason and the last good configuration stays in force.
 * Amounts are decimal text (or JSON numbers), percents are percent ("0.5" is 0.5 %).
 *
 * A coin without deposit networks cannot be deposited, a coin without a withdrawal rule cannot be
 * withdrawn, and a coin missing from `exchange.coins` cannot be exchanged: the shipped default is
 * an empty configuration, so nothing moves until the operator says where.
 */

/** The bank-wire details of a pay type 3 network (docs/product-rules.md#deposits). */
export interface BankWire {
  bank_name: string;
  card_number: string;
  recipient: string;
  bank_address: string;
  transfer_code: string;
  company_address: string;
}

/** One way to deposit a coin: a chain (pay type 1 or 2, with an address) or bank wire (pay type 3). */
export interface DepositNetwork {
  /** `a_id` of docs/product-rules.md#wallet: unique in the whole file, kept stable by the operator. */
  id: number;
  payType: 1 | 2 | 3;
  /** `coin_net`: the network's name as shown (TRC20, ERC20, Bank wire). */
  name: string;
  /** The deposit address; '' for bank wire. */
  address: string;
  /** The operator's own image for the address; '' to show a QR code generated from the address. */
  image: string;
  bank: BankWire | null;
  /** The smallest deposit through this network, in units; 0 when the operator set none. */
  min: bigint;
}

export interface DepositCoin {
  /** The coin's lower-case name (`usdt`). */
  coin: string;
  networks: DepositNetwork[];
}

/** A coin's withdrawal limits (inclusive) and fee: `feeType` 1 takes `feePercent` %, 2 the fixed `feeFixed`. */
export interface WithdrawRule {
  min: bigint;
  max: bigint;
  feeType: 1 | 2;
  feePercent: string;
  feeFixed: bigint;
}

export interface ExchangeRule {
  /** The fee, percent of what the exchange buys, taken from it. */
  feePercent: string;
  /** Lower-case names of the coins that can be exchanged for each other. */
  coins: string[];
}

export interface WalletConfig {
  deposit: DepositCoin[];
  withdraw: ReadonlyMap<string, WithdrawRule>;
  exchange: ExchangeRule;
}

export const EMPTY_WALLET_CONFIG: WalletConfig = {
  deposit: [],
  withdraw: new Map(),
  exchange: { feePercent: '0', coins: [] },
};

/** A refused configuration: `path` names the field (`deposit[0].networks[1].address`). */
export class WalletConfigError extends Error {}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fail(path: string, problem: string): never {
  throw new WalletConfigError(`${path}: ${problem}`);
}

function object(value: unknown, path: string): Json {
  if (!isObject(value)) fail(path, 'must be an object');
  return value;
}

function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'must be a list');
  return value;
}

function text(value: unknown, path: string, options: { required?: boolean; max?: number } = {}): string {
  const { required = false, max = 200 } = options;
  if (value === undefined && !required) return '';
  if (typeof value !== 'string') fail(path, 'must be text');
  const trimmed = value.trim();
  if (required && trimmed === '') fail(path, 'must not be empty');
  if (trimmed.length > max) fail(path, `must be at most ${max} characters`);
  return trimmed;
}

function coinName(value: unknown, path: string): string {
  const name = text(value, path, { required: true, max: 32 }).toLowerCase();
  if (!/^[a-z0-9]+$/.test(name)) fail(path, 'must be a coin name such as "usdt"');
  return name;
}

/** Decimal text or a JSON number, as exact text. */
function decimalText(value: unknown, path: string): string {
  const raw = typeof value === 'number' && Number.isFinite(value) ? numberToDecimal(value) : value;
  if (typeof raw !== 'string' || !/^\d+(?:\.\d+)?$/.test(raw.trim()))
    fail(path, 'must be a number of at least 0, e.g. "10" or "0.5"');
  return raw.trim();
}

/** An amount in units: at most 8 decimals. */
function amount(value: unknown, path: string, { positive }: { positive: boolean }): bigint {
  const decimal = decimalText(value, path);
  if ((decimal.split('.')[1] ?? '').replace(/0+$/, '').length > 8) fail(path, 'must have at most 8 decimals');
  const units = decimalToUnits(decimal);
  if (positive && units === 0n) fail(path, 'must be above 0');
  return units;
}

/** A percent below 100. */
function percent(value: unknown, path: string): string {
  const decimal = decimalText(value, path);
  const exact = exactDecimal(decimal);
  if (exact.digits >= 100n * 10n ** BigInt(exact.scale)) fail(path, 'must be below 100 (percent)');
  return decimal;
}

function oneOf<V extends number>(value: unknown, allowed: readonly V[], path: string): V {
  const number = Number(value);
  if (!allowed.includes(number as V)) fail(path, `must be one of ${allowed.join(', ')}`);
  return number as V;
}

function depositNetwork(value: unknown, path: string, ids: Set<number>): DepositNetwork {
  const raw = object(value, path);
  const id = Number(raw.id);
  if (!Number.isSafeInteger(id) || id < 1) fail(`${path}.id`, 'must be a whole number from 1');
  if (ids.has(id)) fail(`${path}.id`, `${id} is used twice (network ids are unique in the file)`);
  ids.add(id);
  const payType = oneOf(raw.pay_type, [1, 2, 3] as const, `${path}.pay_type`);
  const name = text(raw.coin_net, `${path}.coin_net`, { required: true, max: 40 });
  const image = text(raw.pay_img, `${path}.pay_img`, { max: 100_000 });
  const min = raw.min === undefined ? 0n : amount(raw.min, `${path}.min`, { positive: false });
  if (payType !== 3)
    return {
      id,
      payType,
      name,
      address: text(raw.address, `${path}.address`, { required: true }),
      image,
      bank: null,
      min,
    };
  const bank: BankWire = {
    bank_name: text(raw.bank_name, `${path}.bank_name`, { required: true }),
    card_number: text(raw.card_number, `${path}.card_number`, { required: true, max: 64 }),
    recipient: text(raw.recipient, `${path}.recipient`, { required: true }),
    bank_address: text(raw.bank_address, `${path}.bank_address`),
    transfer_code: text(raw.transfer_code, `${path}.transfer_code`, { max: 64 }),
    company_address: text(raw.company_address, `${path}.company_address`),
  };
  return { id, payType, name, address: '', image, bank, min };
}

function withdrawRule(value: unknown, path: string): WithdrawRule {
  const raw = object(value, path);
  const rule: WithdrawRule = {
    min: amount(raw.min, `${path}.min`, { positive: true }),
    max: amount(raw.max, `${path}.max`, { positive: true }),
    feeType: oneOf(raw.fee_type, [1, 2] as const, `${path}.fee_type`),
    feePercent: raw.fee_percent === undefined ? '0' : percent(raw.fee_percent, `${path}.fee_percent`),
    feeFixed: raw.fee_fixed === undefined ? 0n : amount(raw.fee_fixed, `${path}.fee_fixed`, { positive: false }),
  };
  if (rule.min > rule.max) fail(path, 'min must not be above max');
  return rule;
}

/**
 * Checks and reads a parsed wallet-config.json; throws WalletConfigError naming the first field
 * that is wrong. `knownCoin` says whether a coin name exists on this server.
 */
export function parseWalletConfig(raw: unknown, knownCoin: (name: string) => boolean): WalletConfig {
  const root = object(raw, 'the file');
  const coin = (value: unknown, path: string): string => {
    const name = coinName(value, path);
    if (!knownCoin(name)) fail(path, `"${name}" is not a coin of this server`);
    return name;
  };

  const ids = new Set<number>();
  const seenDeposit = new Set<string>();
  const deposit = array(root.deposit ?? [], 'deposit').map((entry, i) => {
    const path = `deposit[${i}]`;
    const item = object(entry, path);
    const name = coin(item.coin, `${path}.coin`);
    if (seenDeposit.has(name)) fail(`${path}.coin`, `"${name}" is listed twice`);
    seenDeposit.add(name);
    const networks = array(item.networks, `${path}.networks`).map((network, j) =>
      depositNetwork(network, `${path}.networks[${j}]`, ids),
    );
    if (networks.length === 0) fail(`${path}.networks`, 'must name at least one network');
    return { coin: name, networks };
  });

  const withdraw = new Map<string, WithdrawRule>();
  for (const [name, rule] of Object.entries(object(root.withdraw ?? {}, 'withdraw')))
    withdraw.set(coin(name, `withdraw.${name}`), withdrawRule(rule, `withdraw.${name}`));

  const exchangeRaw = object(root.exchange ?? {}, 'exchange');
  const coins = array(exchangeRaw.coins ?? [], 'exchange.coins').map((name, i) => coin(name, `exchange.coins[${i}]`));
  const exchange: ExchangeRule = {
    feePercent: exchangeRaw.fee_percent === undefined ? '0' : percent(exchangeRaw.fee_percent, 'exchange.fee_percent'),
    coins: [...new Set(coins)],
  };
  return { deposit, withdraw, exchange };
}

/** Where the operator-edited wallet config lives. */
export function walletConfigFile(dataDir: string): string {
  return join(dataDir, 'wallet-config.json');
}

/** The file written on first start when nothing else is asked for: nothing configured yet. */
const EMPTY_FILE = { deposit: [], withdraw: {}, exchange: { fee_percent: '0', coins: [] } };

/**
 * Opens `<dataDir>/wallet-config.json`, first writing it when it does not exist: `firstStart` (the
 * demo's networks and limits) or an empty configuration.
 */
export function openWalletConfig(
  dataDir: string,
  log: ConfigLogger,
  knownCoin: (name: string) => boolean,
  firstStart?: object,
): WatchedJsonFile<WalletConfig> {
  const file = walletConfigFile(dataDir);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(firstStart ?? EMPTY_FILE, null, 2)}\n`);
  }
  return new WatchedJsonFile(
    file,
    (raw) => parseWalletConfig(raw, knownCoin),
    EMPTY_WALLET_CONFIG,
    log,
    'wallet config',
  );
}
