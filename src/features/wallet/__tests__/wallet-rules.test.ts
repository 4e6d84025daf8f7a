import { describe, expect, it } from 'vitest';
import { openAccountTypes } from '../../../lib/account-types.ts';
import { gatedEntryAction } from '../../../lib/gated-entry.ts';
import { Big } from '../../../lib/money.ts';
import type { SiteSettings } from '../../../lib/site-settings.ts';
import { validateExchange, type ExchangeCoin } from '../api/exchange.ts';
import { validateRecharge } from '../api/recharge.ts';
import { validateTransfer } from '../api/transfer-between-accounts.ts';
import {
  afterSuccess,
  checkAmount,
  exchangeEstimate,
  pricedCoins,
  valueHoldings,
  withdrawAll,
  withdrawalAmountProblem,
  withdrawalFee,
  type WithdrawLimits,
} from '../api/wallet-rules.ts';
import { validateWithdrawal } from '../api/withdraw.ts';
import { recordTabs } from '../components/TradeAccountPage.tsx';
import { withdrawMethods } from '../components/WithdrawalPage.tsx';
import { defaultPair } from '../components/FlashExchangePage.tsx';

const settings = (overrides: Partial<SiteSettings>): SiteSettings => ({ ...({} as SiteSettings), ...overrides });
const percent: WithdrawLimits = {
  balance: '500',
  txminnum: '10',
  txmaxnum: '100',
  sxftype: 1,
  txsxf: '1',
  txsxf_n: '0',
  decimals: 8,
};
const fixed: WithdrawLimits = {
  balance: '1',
  txminnum: '0.0001',
  txmaxnum: '10',
  sxftype: 2,
  txsxf: '0',
  txsxf_n: '0.0005',
  decimals: 8,
};
const text = (value: Big) => value.toFixed();

describe('withdrawal fee and what arrives (docs/product-rules.md#wallet)', () => {
  it("takes the percent fee rounded up to the coin's decimals", () => {
    expect([withdrawalFee(new Big('100'), percent)].map(({ fee, received }) => [text(fee), text(received)])).toEqual([
      ['1', '99'],
    ]);
    // 1 % of 55.55555555 is 0.5555555555: 0.55555556 at 8 decimals, 0.56 at 2.
    const eight = withdrawalFee(new Big('55.55555555'), percent);
    expect([text(eight.fee), text(eight.received)]).toEqual(['0.55555556', '54.99999999']);
    const two = withdrawalFee(new Big('55.55'), { ...percent, decimals: 2 });
    expect([text(two.fee), text(two.received)]).toEqual(['0.56', '54.99']);
  });

  it('takes the fixed fee when sxftype is not 1', () => {
    const result = withdrawalFee(new Big('0.001'), fixed);
    expect([text(result.fee), text(result.received)]).toEqual(['0.0005', '0.0005']);
    const other = withdrawalFee(new Big('0.001'), { ...fixed, sxftype: 0 });
    expect(text(other.fee)).toBe('0.0005');
  });

  it('never lets what arrives go below zero', () => {
    const equal = withdrawalFee(new Big('0.0005'), fixed);
    expect([text(equal.fee), text(equal.received)]).toEqual(['0.0005', '0']);
    const below = withdrawalFee(new Big('0.0001'), fixed);
    expect([text(below.fee), text(below.received)]).toEqual(['0.0001', '0']);
  });

  it('checks the amount: required, a number, min and max inclusive, the balance, more than the fee', () => {
    expect(withdrawalAmountProblem('', percent)).toEqual({ key: 'wallet.withdraw.amountRequired' });
    expect(withdrawalAmountProblem('abc', percent)).toEqual({ key: 'send.amount.format' });
    expect(withdrawalAmountProblem('0', percent)).toEqual({ key: 'wallet.form.amountInvalid' });
    expect(withdrawalAmountProblem('1.000000001', percent)).toEqual({
      key: 'wallet.form.amountDecimals',
      params: { decimals: 8 },
    });
    expect(withdrawalAmountProblem('10', percent)).toBeNull();
    expect(withdrawalAmountProblem('100', percent)).toBeNull();
    expect(withdrawalAmountProblem('9.99999999', percent)).toEqual({
      key: 'wallet.withdraw.range',
      params: { min: '10', max: '100' },
    });
    expect(withdrawalAmountProblem('100.00000001', percent)).toEqual({
      key: 'wallet.withdraw.range',
      params: { min: '10', max: '100' },
    });
    expect(withdrawalAmountProblem('60', { ...percent, balance: '59.99' })).toEqual({
      key: 'wallet.form.insufficient',
    });
    expect(withdrawalAmountProblem('0.0005', fixed)).toEqual({ key: 'wallet.withdraw.belowFee' });
    expect(withdrawalAmountProblem('0.00050001', fixed)).toBeNull();
  });

  it('All fills the balance, but never more than the maximum', () => {
    expect(withdrawAll({ balance: '55.5', txmaxnum: '100' })).toBe('55.5');
    expect(withdrawAll({ balance: '500', txmaxnum: '100' })).toBe('100');
    expect(withdrawAll({ balance: '0', txmaxnum: '100' })).toBe('0');
  });

  it('asks for a destination first and the trade password last, only while the switch asks for it', () => {
    const input = { coinId: 1, amount: '50', withdrawType: 1 as const, addressId: 3, cardId: null, payPassword: null };
    expect(validateWithdrawal(input, percent)).toBeNull();
    expect(validateWithdrawal({ ...input, addressId: null, amount: '' }, percent)).toEqual({
      key: 'wallet.withdraw.addressRequired',
    });
    expect(validateWithdrawal({ ...input, withdrawType: 2 }, percent)).toEqual({ key: 'wallet.withdraw.cardRequired' });
    expect(validateWithdrawal({ ...input, payPassword: '' }, percent)).toEqual({
      key: 'wallet.form.payPasswordRequired',
    });
    expect(validateWithdrawal({ ...input, payPassword: 'abc' }, percent)).toEqual({
      key: 'wallet.form.payPasswordRule',
    });
    expect(validateWithdrawal({ ...input, payPassword: 'trade123' }, percent)).toBeNull();
  });
});

describe('the other forms', () => {
  it('transfer: two different accounts, an amount within the available balance', () => {
    const input = { coinId: 1, amount: '5', from: 1, to: 2 };
    expect(validateTransfer(input, '5', 8)).toBeNull();
    expect(validateTransfer({ ...input, to: 1 }, '5', 8)).toEqual({ key: 'wallet.transfer.sameAccount' });
    expect(validateTransfer({ ...input, amount: ' ' }, '5', 8)).toEqual({ key: 'wallet.transfer.amountRequired' });
    expect(validateTransfer({ ...input, amount: '5.00000001' }, '5', 8)).toEqual({ key: 'wallet.form.insufficient' });
    expect(validateTransfer({ ...input, amount: '1.001' }, '5', 2)).toEqual({
      key: 'wallet.form.amountDecimals',
      params: { decimals: 2 },
    });
  });

  it('recharge: an amount above zero and at least the network minimum, then the proof', () => {
    const trc20 = { min: '10', coin: 'USDT', network: 'TRC20' };
    expect(validateRecharge({ coinId: 1, networkId: 1, amount: '', proof: null }, trc20)).toEqual({
      key: 'wallet.recharge.amountRequired',
    });
    expect(validateRecharge({ coinId: 1, networkId: 1, amount: '0.0', proof: '/uploads/x.jpg' }, trc20)).toEqual({
      key: 'wallet.form.amountInvalid',
    });
    expect(validateRecharge({ coinId: 1, networkId: 1, amount: '9.99999999', proof: '/uploads/x.jpg' }, trc20)).toEqual(
      { key: 'wallet.recharge.belowMin', params: { amount: '\u206610 USDT\u2069', network: 'TRC20' } },
    );
    expect(validateRecharge({ coinId: 1, networkId: 1, amount: '10', proof: null }, trc20)).toEqual({
      key: 'wallet.recharge.proofRequired',
    });
    expect(validateRecharge({ coinId: 1, networkId: 1, amount: '10', proof: '/uploads/x.jpg' }, trc20)).toBeNull();
    expect(
      validateRecharge({ coinId: 1, networkId: 1, amount: '0.5', proof: '/uploads/x.jpg' }, { ...trc20, min: '0' }),
    ).toBeNull();
  });

  it("every form refuses text the amount field kept as typed, with the field's own message", () => {
    expect(checkAmount('1,2,3', { requiredKey: 'x', decimals: 8 })).toEqual({
      ok: false,
      problem: { key: 'send.amount.format' },
    });
    expect(checkAmount('12abc', { requiredKey: 'x', decimals: 8 })).toEqual({
      ok: false,
      problem: { key: 'send.amount.format' },
    });
    expect(validateTransfer({ coinId: 1, amount: '1.234,5.6', from: 1, to: 2 }, '5', 8)).toEqual({
      key: 'send.amount.format',
    });
  });

  it('exchange: two different coins, an amount within the balance, the password while asked', () => {
    const btc: ExchangeCoin = { id: 2, title: 'BTC', logo: '', decimals: 8, balance: '0.5' };
    const input = { accountType: 1, fromCoinId: 2, toCoinId: 1, amount: '0.5', payPassword: 'trade123' };
    expect(validateExchange(input, btc)).toBeNull();
    expect(validateExchange({ ...input, toCoinId: 2 }, btc)).toEqual({ key: 'wallet.exchange.sameCoin' });
    expect(validateExchange({ ...input, amount: '' }, btc)).toEqual({ key: 'wallet.exchange.amountRequired' });
    expect(validateExchange({ ...input, amount: '0.50000001' }, btc)).toEqual({ key: 'wallet.form.insufficient' });
    expect(validateExchange({ ...input, payPassword: '' }, btc)).toEqual({ key: 'wallet.form.payPasswordRequired' });
    expect(validateExchange({ ...input, payPassword: null }, btc)).toBeNull();
  });

  it('the exchange estimate: bought rounded down, the fee rounded up, nothing while a price is unknown', () => {
    const estimate = exchangeEstimate(new Big('0.1'), '65000.01', '1', '0.2', 8)!;
    expect([text(estimate.gross), text(estimate.fee), text(estimate.received)]).toEqual([
      '6500.001',
      '13.000002',
      '6487.000998',
    ]);
    const toTwo = exchangeEstimate(new Big('0.1'), '65000.01', '1', '0.2', 2)!;
    expect([text(toTwo.gross), text(toTwo.fee), text(toTwo.received)]).toEqual(['6500', '13', '6487']);
    // ETH to DOGE through USDT in one step: 1 × 3200 / 0.15, down to 8 decimals.
    expect(text(exchangeEstimate(new Big('1'), '3200', '0.15', '0', 8)!.received)).toBe('21333.33333333');
    expect(exchangeEstimate(new Big('1'), null, '1', '0.2', 8)).toBeNull();
    expect(exchangeEstimate(new Big('1'), '1', '0', '0.2', 8)).toBeNull();
  });

  it('starts an exchange from a coin held into USDT', () => {
    const coin = (id: number, title: string, balance: string): ExchangeCoin => ({
      id,
      title,
      logo: '',
      decimals: 8,
      balance,
    });
    const list = [coin(1, 'USDT', '100'), coin(2, 'BTC', '0'), coin(3, 'ETH', '2')];
    expect(defaultPair(list)).toEqual({ from: list[2], to: list[0] });
    expect(defaultPair([coin(1, 'USDT', '100'), coin(2, 'BTC', '0')])).toEqual({
      from: coin(1, 'USDT', '100'),
      to: coin(2, 'BTC', '0'),
    });
    expect(defaultPair([coin(1, 'USDT', '1')])).toBeNull();
  });
});

describe('switches and where to go', () => {
  it('after a deposit or withdrawal: 1 home, 2 back, anything else stay', () => {
    expect(afterSuccess(1)).toBe('home');
    expect(afterSuccess(2)).toBe('back');
    expect(afterSuccess(0)).toBe('stay');
    expect(afterSuccess(3)).toBe('stay');
    expect(afterSuccess(undefined)).toBe('stay');
  });

  it('withdrawal tabs follow address_switch and bank_switch', () => {
    expect(withdrawMethods(settings({ address_switch: 1, bank_switch: 1 }))).toEqual(['wallet', 'bank']);
    expect(withdrawMethods(settings({ address_switch: 0, bank_switch: 1 }))).toEqual(['bank']);
    expect(withdrawMethods(settings({ address_switch: 1, bank_switch: 0 }))).toEqual(['wallet']);
    expect(withdrawMethods(settings({ address_switch: 0, bank_switch: 0 }))).toEqual([]);
    expect(withdrawMethods(null)).toEqual([]);
  });

  it('account type 3 only with quantize_switch; its records are bill and transfers', () => {
    expect(openAccountTypes(settings({ quantize_switch: 0 }))).toEqual([1, 2]);
    expect(openAccountTypes(settings({ quantize_switch: 1 }))).toEqual([1, 2, 3]);
    expect(recordTabs(1)).toEqual(['bill', 'withdraw', 'recharge']);
    expect(recordTabs(2)).toEqual(['bill', 'withdraw', 'recharge']);
    expect(recordTabs(3)).toEqual(['bill', 'transfer']);
  });

  it('the trade-account footer: the route while its status is 1, else customer service or the toast', () => {
    expect(gatedEntryAction(settings({ withdrawal_status: 1 }), 'withdrawal_status')).toBe('route');
    expect(
      gatedEntryAction(settings({ withdrawal_status: 0, custom_service: 'https://help.example' }), 'withdrawal_status'),
    ).toBe('service');
    expect(gatedEntryAction(settings({ recharge_status: 0, custom_service: '' }), 'recharge_status')).toBe('toast');
  });
});

describe('dollar values', () => {
  const holdings = {
    all_price: '0',
    coinList: [
      {
        type: 1,
        name: 'Option account',
        totalAvailableAsset: '0',
        balanceInfo: [
          { coinId: 1, coinName: 'USDT', logo: '', balance: '100.5', dbalance: '0.5', all_zhprice: '101', price: '1' },
          {
            coinId: 2,
            coinName: 'BTC',
            logo: '',
            balance: '0.1',
            dbalance: '0.02',
            all_zhprice: '7200',
            price: '60000',
          },
          { coinId: 3, coinName: 'XYZ', logo: '', balance: '3', dbalance: '0', all_zhprice: '', price: '' },
          { coinId: 4, coinName: 'ETH', logo: '', balance: '0', dbalance: '0', all_zhprice: '0', price: '' },
        ],
      },
      {
        type: 2,
        name: 'Funds account',
        totalAvailableAsset: '0',
        balanceInfo: [
          { coinId: 2, coinName: 'BTC', logo: '', balance: '1', dbalance: '0', all_zhprice: '60000', price: '60000' },
        ],
      },
    ],
  };

  it("values each held coin at its live price, else the server's, and sums exactly", () => {
    const atServer = valueHoldings(holdings, new Map());
    expect(atServer.accounts.map((a) => text(a.total))).toEqual(['7301', '60000']);
    expect(text(atServer.total)).toBe('67301');
    const live = valueHoldings(holdings, new Map([['btc', '65000.5']]));
    expect(live.accounts[0]!.coins.map((c) => (c.value ? text(c.value) : null))).toEqual(['101', '7800.06', null, '0']);
    expect(text(live.total)).toBe('72901.56');
  });

  it('subscribes the tickers of held coins the server could price only', () => {
    expect(pricedCoins(holdings).sort()).toEqual(['btc', 'usdt']);
    expect(pricedCoins(null)).toEqual([]);
  });
});
