import type { Db } from './database.ts';
import { InternalTransferRepository } from './repositories/internal-transfer-repository.ts';
import { LoanRepository } from './repositories/loan-repository.ts';
import { MarketRepository } from './repositories/market-repository.ts';
import { MiningRepository } from './repositories/mining-repository.ts';
import { StakingRepository } from './repositories/staking-repository.ts';
import { parseAmount } from '../domain/money.ts';

/** An inline SVG as a data: URL (the demo ships no image files). */
const svg = (body: string): string =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">${body}</svg>`)}`;

/** A product picture: a rounded tile in `colour` with a simple mark. */
const tile = (colour: string, mark: string): string =>
  svg(`<rect width="96" height="96" rx="20" fill="${colour}"/>${mark}`);

const CHIP =
  '<rect x="28" y="28" width="40" height="40" rx="6" fill="none" stroke="#fff" stroke-width="5"/><path d="M38 20v8M48 20v8M58 20v8M38 68v8M48 68v8M58 68v8M20 38h8M20 58h8M68 38h8M68 58h8" stroke="#fff" stroke-width="4" stroke-linecap="round"/>';
const DIAMOND =
  '<path d="M48 18 74 48 48 78 22 48Z" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/><path d="M22 48h52" stroke="#fff" stroke-width="4"/>';
const STACK =
  '<g fill="none" stroke="#fff" stroke-width="5"><ellipse cx="48" cy="30" rx="22" ry="8"/><path d="M26 30v12c0 4 10 8 22 8s22-4 22-8V30M26 42v12c0 4 10 8 22 8s22-4 22-8V42M26 54v12c0 4 10 8 22 8s22-4 22-8V54"/></g>';

/** Whole coins or a decimal, as units. */
function units(text: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new Error(`earn demo: bad amount ${text}`);
  return parsed.units;
}

/**
 * The demo's earn products, so `npm start` shows working loans, lock mining, staking and
 * internal transfer screens: three loan products, two mining products (one redeemable early), two
 * staking projects (one redeemable early) and three transfer coins. Rates are parts per million:
 * 500 ppm = 0.05 % a day, 80000 ppm = 8 % a year. Called by seedDemo inside its transaction, after
 * the catalogue has its coins.
 */
export function seedEarnDemo(db: Db): void {
  const markets = new MarketRepository(db);
  const coin = (name: string): number => {
    const row = markets.coinByName(name);
    if (!row) throw new Error(`earn demo: coin ${name} is missing`);
    return row.id;
  };
  const usdt = coin('usdt');
  const eth = coin('eth');
  const btc = coin('btc');

  const loans = new LoanRepository(db);
  loans.addProject({
    title: 'Quick cash loan',
    mechanism: 'Northwind Credit',
    coin_id: usdt,
    min_amount: units('100'),
    max_amount: units('5000'),
    rate_ppm: 500,
    cycle_days: 7,
    sort: 1,
  });
  loans.addProject({
    title: 'Bridge loan',
    mechanism: 'Blue Harbor Bank',
    coin_id: usdt,
    min_amount: units('500'),
    max_amount: units('20000'),
    rate_ppm: 400,
    cycle_days: 15,
    sort: 2,
  });
  loans.addProject({
    title: 'Business loan',
    mechanism: 'Atlas Finance',
    coin_id: usdt,
    min_amount: units('1000'),
    max_amount: units('50000'),
    rate_ppm: 300,
    cycle_days: 30,
    sort: 3,
  });

  const mining = new MiningRepository(db);
  mining.add({
    title: 'USDT stable miner',
    img: tile('#2f6bff', CHIP),
    coin_id: usdt,
    min_amount: units('100'),
    max_amount: units('100000'),
    type: 1,
    redeem_fee_ppm: 20_000,
    sort: 1,
    terms: [
      { days: 7, rate_ppm: 3000 },
      { days: 15, rate_ppm: 4000 },
      { days: 30, rate_ppm: 5000 },
    ],
  });
  mining.add({
    title: 'ETH hash pool',
    img: tile('#627eea', DIAMOND),
    coin_id: eth,
    min_amount: units('1'),
    max_amount: units('100'),
    type: 0,
    redeem_fee_ppm: 0,
    sort: 2,
    terms: [
      { days: 30, rate_ppm: 6000 },
      { days: 60, rate_ppm: 8000 },
    ],
  });

  const staking = new StakingRepository(db);
  staking.add({
    title: 'USDT flexible staking',
    img: tile('#48b451', STACK),
    coin_id: usdt,
    type: 1,
    redeem_fee_ppm: 0,
    sort: 1,
    terms: [
      { days: 30, rate_ppm: 80_000, min_amount: units('100') },
      { days: 90, rate_ppm: 100_000, min_amount: units('500') },
      { days: 180, rate_ppm: 120_000, min_amount: units('1000') },
    ],
  });
  staking.add({
    title: 'ETH fixed staking',
    img: tile('#627eea', STACK),
    coin_id: eth,
    type: 0,
    redeem_fee_ppm: 0,
    sort: 2,
    terms: [
      { days: 30, rate_ppm: 40_000, min_amount: units('1') },
      { days: 90, rate_ppm: 55_000, min_amount: units('1') },
    ],
  });

  const transfers = new InternalTransferRepository(db);
  transfers.setCoin({ coinId: usdt, feePpm: 1000, days: 1, sort: 1 });
  transfers.setCoin({ coinId: btc, feePpm: 0, days: 0, sort: 2 });
  transfers.setCoin({ coinId: eth, feePpm: 5000, days: 1, sort: 3 });
}
