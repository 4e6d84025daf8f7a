import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  canBuy,
  minimumText,
  orderValue,
  priceStep,
  quickFill,
  stepPrice,
  validateSpotOrder,
  type PairPrecision,
  type SpotFormInput,
} from '../api/spot-rules.ts';

const UNKNOWN: PairPrecision = {};
const BTC: PairPrecision = { price: 2, amount: 6 };
const base: SpotFormInput = {
  side: 1,
  mode: 1,
  price: '100',
  quantity: '1',
  amount: '',
  quoteAvailable: '1000',
  baseAvailable: '2',
  precision: BTC,
};

describe('spot order rules (docs/product-rules.md#spot-orders)', () => {
  it('accepts an affordable limit buy and a covered sell', () => {
    expect(validateSpotOrder(base)).toEqual({ ok: true });
    expect(validateSpotOrder({ ...base, side: 2, quantity: '2' })).toEqual({ ok: true });
  });

  it('asks for the price of a limit order and the quantity', () => {
    expect(validateSpotOrder({ ...base, price: '' })).toMatchObject({
      ok: false,
      key: 'spot.rules.enterPrice',
      field: 'price',
    });
    expect(validateSpotOrder({ ...base, price: '0' })).toMatchObject({ key: 'spot.rules.enterPrice' });
    expect(validateSpotOrder({ ...base, quantity: '' })).toMatchObject({
      key: 'spot.rules.enterQuantity',
      field: 'quantity',
    });
    expect(validateSpotOrder({ ...base, quantity: '-1' })).toMatchObject({ key: 'spot.rules.enterQuantity' });
    expect(validateSpotOrder({ ...base, quantity: 'abc' })).toMatchObject({ key: 'spot.rules.enterQuantity' });
  });

  it('asks again for numbers the server would not read: signs, exponents, a bare dot', () => {
    for (const text of ['+1', '1e-3', '1.', '.5', '1 000', '0x10']) {
      expect({ text, check: validateSpotOrder({ ...base, quantity: text }) }).toMatchObject({
        text,
        check: { key: 'spot.rules.enterQuantity' },
      });
      expect({ text, check: validateSpotOrder({ ...base, price: text }) }).toMatchObject({
        text,
        check: { key: 'spot.rules.enterPrice' },
      });
    }
    expect(validateSpotOrder({ ...base, quantity: ' 0.5 ' })).toEqual({ ok: true });
  });

  it('asks for the amount of a market buy and the quantity of a market sell', () => {
    expect(validateSpotOrder({ ...base, mode: 2, amount: '' })).toMatchObject({
      key: 'spot.rules.enterAmount',
      field: 'amount',
    });
    expect(validateSpotOrder({ ...base, mode: 2, amount: '50' })).toEqual({ ok: true });
    expect(validateSpotOrder({ ...base, mode: 2, side: 2, quantity: '' })).toMatchObject({
      key: 'spot.rules.enterQuantity',
    });
  });

  it('refuses what the balance cannot cover and asks to clear the amounts', () => {
    expect(validateSpotOrder({ ...base, quantity: '10.000001' })).toEqual({
      ok: false,
      key: 'spot.rules.insufficient',
      field: 'quantity',
      clear: true,
    });
    expect(validateSpotOrder({ ...base, quantity: '10' })).toEqual({ ok: true });
    expect(validateSpotOrder({ ...base, side: 2, quantity: '2.1' })).toMatchObject({
      key: 'spot.rules.insufficient',
      clear: true,
    });
    expect(validateSpotOrder({ ...base, mode: 2, amount: '1000.01' })).toMatchObject({
      key: 'spot.rules.insufficient',
      field: 'amount',
      clear: true,
    });
  });
});

describe('decimals the pair allows', () => {
  it.each([2, 4, 6])(
    'a price with more than %i decimals is refused with the number allowed; exactly that many passes',
    (decimals) => {
      const precision = { price: decimals, amount: 4 };
      const exact = `1.${'0'.repeat(decimals - 1)}7`;
      expect(validateSpotOrder({ ...base, precision, price: exact })).toEqual({ ok: true });
      expect(validateSpotOrder({ ...base, precision, price: `${exact}1` })).toEqual({
        ok: false,
        key: 'spot.rules.priceDecimals',
        params: { decimals },
        field: 'price',
        clear: false,
      });
    },
  );

  it.each([2, 4, 6])(
    'a quantity with more than %i decimals is refused, for limit orders and market sells alike',
    (decimals) => {
      const precision = { price: 2, amount: decimals };
      const exact = `0.${'0'.repeat(decimals - 1)}3`;
      const refusal = {
        ok: false,
        key: 'spot.rules.quantityDecimals',
        params: { decimals },
        field: 'quantity',
        clear: false,
      };
      expect(validateSpotOrder({ ...base, precision, quantity: exact })).toEqual({ ok: true });
      expect(validateSpotOrder({ ...base, precision, quantity: `${exact}1` })).toEqual(refusal);
      expect(validateSpotOrder({ ...base, precision, mode: 2, side: 2, quantity: exact })).toEqual({ ok: true });
      expect(validateSpotOrder({ ...base, precision, mode: 2, side: 2, quantity: `${exact}1` })).toEqual(refusal);
    },
  );

  it('counts decimals as the server does: trailing zeros do not count', () => {
    expect(
      validateSpotOrder({ ...base, precision: { price: 2, amount: 2 }, price: '100.1000', quantity: '1.500000' }),
    ).toEqual({ ok: true });
    expect(validateSpotOrder({ ...base, precision: { price: 0, amount: 0 }, price: '100.000', quantity: '2' })).toEqual(
      { ok: true },
    );
    expect(validateSpotOrder({ ...base, precision: { price: 0, amount: 0 }, price: '100.5' })).toMatchObject({
      key: 'spot.rules.priceDecimals',
      params: { decimals: 0 },
    });
  });

  it('a market buy value may carry the quote coin decimals (8), not more', () => {
    expect(validateSpotOrder({ ...base, mode: 2, amount: '10.12345678' })).toEqual({ ok: true });
    expect(validateSpotOrder({ ...base, mode: 2, amount: '10.123456789' })).toEqual({
      ok: false,
      key: 'spot.rules.amountDecimals',
      params: { decimals: 8 },
      field: 'amount',
      clear: false,
    });
  });

  it('says the decimals are wrong before it looks at the balance, in the order the server checks', () => {
    const tooMuch = { ...base, precision: { price: 2, amount: 2 }, quantity: '50.001' };
    expect(validateSpotOrder(tooMuch)).toMatchObject({ key: 'spot.rules.quantityDecimals' });
    expect(validateSpotOrder({ ...tooMuch, price: '100.001' })).toMatchObject({ key: 'spot.rules.priceDecimals' });
  });

  it('without the precisions (an older server) allows the 8 decimals it allowed before', () => {
    const unknown = { ...base, precision: UNKNOWN };
    expect(validateSpotOrder({ ...unknown, price: '0.12345678', quantity: '0.12345678' })).toEqual({ ok: true });
    expect(validateSpotOrder({ ...unknown, price: '0.123456789' })).toMatchObject({
      key: 'spot.rules.priceDecimals',
      params: { decimals: 8 },
    });
    expect(validateSpotOrder({ ...unknown, quantity: '0.123456789' })).toMatchObject({
      key: 'spot.rules.quantityDecimals',
      params: { decimals: 8 },
    });
  });
});

describe('quick fill', () => {
  it.each([
    [2, '333.33'],
    [4, '333.3333'],
    [6, '333.333333'],
  ])('a limit buy at %i quantity decimals rounds the quantity down to them', (decimals, expected) => {
    expect(quickFill({ ...base, price: '3', precision: { price: 2, amount: decimals } }, 100)).toEqual({
      field: 'quantity',
      value: expected,
    });
  });

  it.each([
    [2, '0.66'],
    [4, '0.6666'],
    [6, '0.666666'],
  ])('a sell at %i quantity decimals rounds the coin share down to them', (decimals, expected) => {
    expect(
      quickFill({ ...base, side: 2, baseAvailable: '2.66666666', precision: { price: 2, amount: decimals } }, 25),
    ).toEqual({ field: 'quantity', value: expected });
  });

  it('a market buy fills the value to the quote decimals (8), rounded down, whatever the pair', () => {
    for (const precision of [BTC, { price: 5, amount: 2 }, UNKNOWN]) {
      expect(quickFill({ ...base, mode: 2, quoteAvailable: '1000.12345679', precision }, 25)).toEqual({
        field: 'amount',
        value: '250.03086419',
      });
    }
  });

  it('keeps the fixed 4 quantity decimals while the pair precision is unknown', () => {
    expect(quickFill({ ...base, precision: UNKNOWN }, 25)).toEqual({ field: 'quantity', value: '2.5000' });
    expect(quickFill({ ...base, price: '3', precision: UNKNOWN }, 100)).toEqual({
      field: 'quantity',
      value: '333.3333',
    });
    expect(quickFill({ ...base, side: 2, precision: UNKNOWN }, 75)).toEqual({ field: 'quantity', value: '1.5000' });
  });

  it('asks for a price first on a limit buy', () => {
    expect(quickFill({ ...base, price: '' }, 25)).toBeNull();
    expect(quickFill({ ...base, price: '0' }, 25)).toBeNull();
  });

  it('never rounds up past the balance, and leaves less than one step unused', () => {
    const prices = ['0.000123', '0.52347', '3', '7.0001', '99.99', '65432.17', '0.99999999'];
    const quotes = ['0.00000001', '1', '9.99', '1000.12345678', '123456.78901234'];
    for (const decimals of [0, 2, 4, 6, 8]) {
      const stepSize = new Big(10).pow(-decimals);
      for (const price of prices) {
        for (const quote of quotes) {
          for (const percent of [25, 50, 75, 100]) {
            const input = {
              ...base,
              price,
              quoteAvailable: quote,
              baseAvailable: quote,
              precision: { price: 8, amount: decimals },
            };
            const budget = new Big(quote).times(percent).div(100);
            const buy = new Big(quickFill(input, percent)!.value);
            expect({ price, quote, percent, decimals, over: buy.times(price).gt(budget) }).toMatchObject({
              over: false,
            });
            expect({
              price,
              quote,
              percent,
              decimals,
              short: buy.plus(stepSize).times(price).lte(budget),
            }).toMatchObject({ short: false });
            const sell = new Big(quickFill({ ...input, side: 2 }, percent)!.value);
            expect(sell.lte(budget) && sell.plus(stepSize).gt(budget)).toBe(true);
            // What quick-fill gives, the check accepts: never a refusal for its own fill.
            if (buy.gt(0))
              expect(validateSpotOrder({ ...input, quantity: buy.toFixed(decimals) })).toEqual({ ok: true });
          }
        }
      }
    }
  });

  it('stays under the balance even where big.js division rounds a quotient up onto a step', () => {
    // 1 / 1.000000000000000000001 is a hair under 1; divided to 20 places it rounds up to exactly 1.
    const fill = quickFill(
      { ...base, price: '1.000000000000000000001', quoteAvailable: '1', precision: { price: 8, amount: 6 } },
      100,
    );
    expect(fill).toEqual({ field: 'quantity', value: '0.999999' });
  });
});

describe('price stepper and figures', () => {
  it('steps by the spec 0.01 and writes the price with the pair decimals', () => {
    expect(priceStep(BTC)).toBe('0.01');
    expect(stepPrice('0.29', 1, BTC)).toBe('0.30');
    expect(stepPrice('0.005', -1, BTC)).toBe('0.00');
    expect(priceStep({ price: 5, amount: 2 })).toBe('0.01');
    expect(stepPrice('0.52347', 1, { price: 5, amount: 2 })).toBe('0.53347');
    expect(stepPrice('0.52347', -1, { price: 6, amount: 2 })).toBe('0.513470');
    expect(stepPrice('', 1, { price: 4 })).toBe('0.0100');
  });

  it('steps by one tick where the pair tick is coarser than 0.01', () => {
    expect(priceStep({ price: 1 })).toBe('0.1');
    expect(stepPrice('12.3', 1, { price: 1 })).toBe('12.4');
    expect(priceStep({ price: 0 })).toBe('1');
    expect(stepPrice('12', -1, { price: 0 })).toBe('11');
  });

  it('keeps 2 decimals and the 0.01 step while the pair precision is unknown', () => {
    expect(priceStep(UNKNOWN)).toBe('0.01');
    expect(stepPrice('3', 1, UNKNOWN)).toBe('3.01');
  });

  it('computes value and can-buy exactly', () => {
    expect(orderValue('0.1', '0.2')).toBe('0.02000000');
    expect(orderValue('', '1')).toBe('');
    expect(canBuy('1000', '3')).toBe('333.33333333');
    expect(canBuy('1000', '0')).toBe('0');
  });
});

describe('stop-limit orders', () => {
  const stop: SpotFormInput = { ...base, mode: 3, trigger: '95', lastPrice: '100' };

  it('asks for the trigger first, then checks the limit price and quantity as a limit order', () => {
    expect(validateSpotOrder(stop)).toEqual({ ok: true });
    expect(validateSpotOrder({ ...stop, trigger: '' })).toMatchObject({
      key: 'spot.rules.enterTrigger',
      field: 'trigger',
    });
    expect(validateSpotOrder({ ...stop, trigger: '0' })).toMatchObject({ key: 'spot.rules.enterTrigger' });
    expect(validateSpotOrder({ ...stop, price: '' })).toMatchObject({ key: 'spot.rules.enterPrice', field: 'price' });
    expect(validateSpotOrder({ ...stop, quantity: '' })).toMatchObject({ key: 'spot.rules.enterQuantity' });
    expect(validateSpotOrder({ ...stop, quantity: '10.01' })).toMatchObject({
      key: 'spot.rules.insufficient',
      clear: true,
    });
  });

  it('refuses a trigger finer than the pair price decimals', () => {
    expect(validateSpotOrder({ ...stop, trigger: '95.001' })).toEqual({
      ok: false,
      key: 'spot.rules.triggerDecimals',
      params: { decimals: 2 },
      field: 'trigger',
      clear: false,
    });
  });

  it('refuses a trigger equal to the last price, which gives no direction, and takes it while the last price is unknown', () => {
    expect(validateSpotOrder({ ...stop, trigger: '100.00' })).toMatchObject({
      key: 'spot.rules.triggerAtLast',
      field: 'trigger',
    });
    expect(validateSpotOrder({ ...stop, trigger: '100', lastPrice: '' })).toEqual({ ok: true });
    expect(validateSpotOrder({ ...stop, trigger: '100.01' })).toEqual({ ok: true });
  });
});

describe("the pair's minimum order", () => {
  const minimum = { num: '0.001', total: '5' };

  it('refuses a quantity below min_num and a value below min_total, stating the minimum', () => {
    expect(validateSpotOrder({ ...base, minimum, quantity: '0.0009' })).toEqual({
      ok: false,
      key: 'spot.rules.minimumBoth',
      params: { num: '0.001', total: '5' },
      field: 'quantity',
      clear: false,
    });
    expect(validateSpotOrder({ ...base, minimum, price: '10000', quantity: '0.001' })).toEqual({ ok: true });
    expect(validateSpotOrder({ ...base, minimum, price: '4999', quantity: '0.001' })).toMatchObject({
      key: 'spot.rules.minimumBoth',
    });
    expect(validateSpotOrder({ ...base, minimum, price: '5000', quantity: '0.001' })).toEqual({ ok: true });
  });

  it('checks a market buy by its value and a market sell by its quantity', () => {
    expect(validateSpotOrder({ ...base, minimum, mode: 2, amount: '4.99999999' })).toMatchObject({
      key: 'spot.rules.minimumBoth',
      field: 'amount',
    });
    expect(validateSpotOrder({ ...base, minimum, mode: 2, amount: '5' })).toEqual({ ok: true });
    expect(validateSpotOrder({ ...base, minimum, mode: 2, side: 2, quantity: '0.0009' })).toMatchObject({
      field: 'quantity',
    });
    expect(validateSpotOrder({ ...base, minimum, mode: 2, side: 2, quantity: '0.001' })).toEqual({ ok: true });
  });

  it('reads min_total "0" as none and checks nothing while the minimum is unknown', () => {
    expect(
      validateSpotOrder({ ...base, minimum: { num: '0.001', total: '0' }, price: '1', quantity: '0.001' }),
    ).toEqual({ ok: true });
    expect(validateSpotOrder({ ...base, minimum: { num: '0.001', total: '0' }, quantity: '0.0001' })).toMatchObject({
      key: 'spot.rules.minimumNum',
      params: { num: '0.001' },
    });
    expect(validateSpotOrder({ ...base, minimum: {}, quantity: '0.000001' })).toEqual({ ok: true });
    expect(minimumText({})).toBeNull();
    expect(minimumText({ num: '0.001', total: '0' })).toEqual({
      key: 'spot.rules.minimumNum',
      params: { num: '0.001' },
    });
    expect(minimumText({ num: '0', total: '5' })).toEqual({ key: 'spot.rules.minimumTotal', params: { total: '5' } });
  });
});
