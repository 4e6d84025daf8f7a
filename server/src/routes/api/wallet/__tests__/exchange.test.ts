import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { formatUnits } from '../../../../domain/money.ts';
import { exactDecimal } from '../../../../domain/wallet/exact.ts';
import { PAY_PASSWORD, startWalletHarness, type WalletHarness } from './wallet-harness.ts';
import { everything, expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

interface Exchanged {
  id: number;
  from_coin: string;
  to_coin: string;
  paid: string;
  received: string;
  fee: string;
  from_price: string;
  to_price: string;
}

/**
 * What the test expects an exchange to give, worked out here with a decimal library from the feed's
 * prices: paid × from / to rounded down to 8 decimals, the fee 0.2 % of that rounded up.
 */
function expected(paid: string, fromPrice: string, toPrice: string) {
  Big.DP = 60;
  const gross = new Big(paid).times(fromPrice).div(toPrice).round(8, Big.roundDown);
  const fee = gross.times('0.002').round(8, Big.roundUp);
  return { gross: units(gross.toFixed(8)), fee: units(fee.toFixed(8)), received: units(gross.minus(fee).toFixed(8)) };
}

describe('flash exchange', () => {
  let h: WalletHarness;
  beforeAll(async () => {
    h = await startWalletHarness();
  });
  afterAll(async () => h.close());

  const exchange = (token: string, fields: Record<string, string | number>) =>
    h.post<Exchanged>(
      'Balance/exchangeCoin',
      {
        type: 1,
        from_coin_id: h.coinId('btc'),
        to_coin_id: h.coinId('usdt'),
        amount: '0.1',
        paypassword: PAY_PASSWORD,
        ...fields,
      },
      token,
    );

  it('getCanExchangeCoin lists the configured coins with the balance in that account and the fee', async () => {
    const alice = await h.addUser('alice', { btc: '0.5' });
    const answer = await h.post<{ fee_percent: string; list: { title: string; balance: string }[] }>(
      'Balance/getCanExchangeCoin',
      { type: 1 },
      alice.token,
    );
    expect(answer.data.fee_percent).toBe('0.2');
    expect(answer.data.list.map((c) => [c.title, c.balance])).toEqual([
      ['USDT', '0.00000000'],
      ['BTC', '0.50000000'],
      ['ETH', '0.00000000'],
      ['DOGE', '0.00000000'],
    ]);
    expect((await h.post('Balance/getCanExchangeCoin', { type: 3 }, alice.token)).msg).toBe('This account is not open');
  });

  it('BTC to USDT at the last price of the instant: both legs and the fee in one go, the answer says what was paid and received', async () => {
    const alice = await h.addUser('alice2', { btc: '0.5' });
    h.clock.advance(7000);
    const price = h.price('btc');
    const want = expected('0.1', price, '1');
    const answer = await exchange(alice.token, {});
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data).toMatchObject({
      from_coin: 'BTC',
      to_coin: 'USDT',
      paid: '0.10000000',
      from_price: price,
      to_price: '1',
      received: formatUnits(want.received),
      fee: formatUnits(want.fee),
    });
    expect(answer.msg).toMatch(/^Exchanged 0\.1 BTC for [\d.]+ USDT$/);
    expect(h.balance(alice.id, 'btc').available).toBe(units('0.4'));
    expect(h.balance(alice.id, 'usdt').available).toBe(want.received);
    const legs = h.db
      .prepare('SELECT kind, coin_id, amount FROM bills WHERE ref_id = ? AND kind LIKE ? ORDER BY id')
      .safeIntegers(true)
      .all(answer.data.id, 'exchange%');
    expect(legs).toEqual([
      { kind: 'exchange_out', coin_id: BigInt(h.coinId('btc')), amount: -units('0.1') },
      { kind: 'exchange_in', coin_id: BigInt(h.coinId('usdt')), amount: want.gross },
      { kind: 'exchange_fee', coin_id: BigInt(h.coinId('usdt')), amount: -want.fee },
    ]);
    expectBillsMatchBalances(h.db);
  });

  it('two coins that are not USDT exchange through USDT in one step, exactly', async () => {
    const bob = await h.addUser('bob', { eth: '3' });
    h.clock.advance(5000);
    const ethPrice = h.price('eth');
    const dogePrice = h.price('doge');
    const want = expected('1.23456789', ethPrice, dogePrice);
    const answer = await exchange(bob.token, {
      from_coin_id: h.coinId('eth'),
      to_coin_id: h.coinId('doge'),
      amount: '1.23456789',
    });
    expect(answer.data).toMatchObject({
      from_price: ethPrice,
      to_price: dogePrice,
      received: formatUnits(want.received),
      fee: formatUnits(want.fee),
    });
    // Value is kept: what was bought (before the fee) is worth no more than what was paid, and less than one unit below it.
    const paidValue =
      units('1.23456789') * exactDecimal(ethPrice).digits * 10n ** BigInt(exactDecimal(dogePrice).scale);
    const boughtValue = want.gross * exactDecimal(dogePrice).digits * 10n ** BigInt(exactDecimal(ethPrice).scale);
    const oneUnit = exactDecimal(dogePrice).digits * 10n ** BigInt(exactDecimal(ethPrice).scale);
    expect(boughtValue <= paidValue && paidValue - boughtValue < oneUnit).toBe(true);
    expect(h.balance(bob.id, 'doge').available).toBe(want.received);
  });

  it('works inside another account type and leaves the others alone', async () => {
    const carol = await h.addUser('carol', { usdt: '1000' });
    expect(
      (await h.post('User/transfer', { c_id: h.coinId('usdt'), num: '400', from_type: 1, to_type: 2 }, carol.token))
        .code,
    ).toBe(1);
    h.clock.advance(3000);
    const answer = await exchange(carol.token, {
      type: 2,
      from_coin_id: h.coinId('usdt'),
      to_coin_id: h.coinId('btc'),
      amount: '100',
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(h.balance(carol.id, 'usdt', 2).available).toBe(units('300'));
    expect(h.balance(carol.id, 'btc', 2).available).toBe(units(answer.data.received));
    expect(h.balance(carol.id, 'usdt', 1).available).toBe(units('600'));
    expect(h.balance(carol.id, 'btc', 1).available).toBe(0n);
  });

  describe('a binding quote', () => {
    interface Quote {
      quote_id: string;
      paid: string;
      rate: string;
      from_price: string;
      to_price: string;
      fee_percent: string;
      fee: string;
      received: string;
      valid_until: number;
      valid_ms: number;
    }
    const quote = (token: string, fields: Record<string, string | number> = {}) =>
      h.post<Quote>(
        'Balance/exchangeQuote',
        { type: 1, from_coin_id: h.coinId('eth'), to_coin_id: h.coinId('doge'), amount: '1.23456789', ...fields },
        token,
      );

    it('answers the rate, the fee and what arrives at the prices of now, exactly, and until 10 s later by the server clock', async () => {
      const erin = await h.addUser('erin', { eth: '3' });
      h.clock.advance(4000);
      const ethPrice = h.price('eth');
      const dogePrice = h.price('doge');
      const want = expected('1.23456789', ethPrice, dogePrice);
      const answer = await quote(erin.token);
      expect(answer.code, answer.msg).toBe(1);
      Big.DP = 60;
      expect(answer.data).toMatchObject({
        paid: '1.23456789',
        from_price: ethPrice,
        to_price: dogePrice,
        rate: new Big(ethPrice).div(dogePrice).round(8, Big.roundDown).toFixed(8),
        fee_percent: '0.2',
        fee: formatUnits(want.fee),
        received: formatUnits(want.received),
        valid_until: h.clock.now() + 10_000,
        valid_ms: 10_000,
      });
      expect(answer.data.quote_id).toMatch(/^[0-9a-f]{24}$/);
      // A quote moves nothing.
      expect(h.balance(erin.id, 'eth').available).toBe(units('3'));
    });

    it('fills at the quoted figures even when the price has moved since, up to its last millisecond', async () => {
      const fay = await h.addUser('fay', { eth: '3' });
      h.clock.advance(4000);
      const quoted = (await quote(fay.token)).data;
      h.clock.advance(10_000);
      expect(h.price('eth')).not.toBe(quoted.from_price);
      const answer = await exchange(fay.token, {
        from_coin_id: h.coinId('eth'),
        to_coin_id: h.coinId('doge'),
        amount: '1.23456789',
        quote_id: quoted.quote_id,
      });
      expect(answer.code, answer.msg).toBe(1);
      expect(answer.data).toMatchObject({
        paid: '1.23456789',
        received: quoted.received,
        fee: quoted.fee,
        from_price: quoted.from_price,
        to_price: quoted.to_price,
      });
      expect(h.balance(fay.id, 'doge').available).toBe(units(quoted.received));
      expectBillsMatchBalances(h.db);
      // A quote fills once (a retry after the duplicate window still finds it spent).
      h.clock.advance(3000);
      const before = everything(h.db);
      expect(
        (
          await exchange(fay.token, {
            from_coin_id: h.coinId('eth'),
            to_coin_id: h.coinId('doge'),
            amount: '1.23456789',
            quote_id: quoted.quote_id,
          })
        ).msg,
      ).toBe('This quote is not available any more, please get a new one');
      expect(everything(h.db)).toBe(before);
    });

    describe('refused, with nothing moved', () => {
      let gus: { id: number; token: string };
      beforeAll(async () => {
        gus = await h.addUser('gus', { eth: '3' });
      });
      const refusedWith = async (quoteId: string, fields: Record<string, string | number>, message: string) => {
        const before = everything(h.db);
        const answer = await exchange(gus.token, {
          from_coin_id: h.coinId('eth'),
          to_coin_id: h.coinId('doge'),
          amount: '1.23456789',
          quote_id: quoteId,
          ...fields,
        });
        expect(answer).toEqual({ code: 0, msg: message, data: null });
        expect(everything(h.db)).toBe(before);
      };

      it('a quote one millisecond past valid_until', async () => {
        const quoted = (await quote(gus.token)).data;
        h.clock.advance(10_001);
        await refusedWith(quoted.quote_id, {}, 'The quote has expired, please get a new one');
      });

      it('a quote for another amount, pair or account', async () => {
        const quoted = (await quote(gus.token)).data;
        await refusedWith(
          quoted.quote_id,
          { amount: '1.2345678' },
          'The quote no longer matches this exchange, please get a new one',
        );
        await refusedWith(
          quoted.quote_id,
          { to_coin_id: h.coinId('btc') },
          'The quote no longer matches this exchange, please get a new one',
        );
        expect(
          (await h.post('User/transfer', { c_id: h.coinId('eth'), num: '2', from_type: 1, to_type: 2 }, gus.token))
            .code,
        ).toBe(1);
        await refusedWith(
          quoted.quote_id,
          { type: 2 },
          'The quote no longer matches this exchange, please get a new one',
        );
      });

      it('a quote made before the operator changed the fee', async () => {
        const { TEST_WALLET_CONFIG } = await import('./wallet-harness.ts');
        const quoted = (await quote(gus.token, { amount: '0.5' })).data;
        h.setWalletConfig({ ...TEST_WALLET_CONFIG, exchange: { ...TEST_WALLET_CONFIG.exchange, fee_percent: '0.3' } });
        try {
          await refusedWith(
            quoted.quote_id,
            { amount: '0.5' },
            'The quote no longer matches this exchange, please get a new one',
          );
        } finally {
          h.setWalletConfig(TEST_WALLET_CONFIG);
        }
      });

      it("another user's quote, or one the server never gave", async () => {
        const other = await h.addUser('hal', { eth: '3' });
        const theirs = (await quote(other.token)).data;
        await refusedWith(theirs.quote_id, {}, 'This quote is not available any more, please get a new one');
        await refusedWith('0123456789abcdef01234567', {}, 'This quote is not available any more, please get a new one');
      });
    });

    it('is refused for what the exchange would refuse: above the balance, too small, closed', async () => {
      const ivy = await h.addUser('ivy', { eth: '1' });
      expect((await quote(ivy.token)).msg).toBe('Insufficient available balance');
      expect(
        (await quote(ivy.token, { from_coin_id: h.coinId('usdt'), to_coin_id: h.coinId('btc'), amount: '0.00000001' }))
          .msg,
      ).toBe('The amount is too small to buy any BTC');
      expect((await quote(ivy.token, { to_coin_id: h.coinId('eth') })).msg).toBe('Please choose two different coins');
      h.setSite({ flash_exchange_status: 0 });
      expect((await quote(ivy.token, { amount: '0.5' })).msg).toBe('Flash exchange is closed');
      h.setSite({ flash_exchange_status: 1 });
    });
  });

  describe('refusals: a clear message and nothing written', () => {
    let dave: { id: number; token: string };
    beforeAll(async () => {
      dave = await h.addUser('dave', { btc: '1', usdt: '1' });
    });
    const refused = async (fields: Record<string, string | number>, message: string) => {
      h.clock.advance(3000);
      const before = everything(h.db);
      expect(await exchange(dave.token, fields)).toEqual({ code: 0, msg: message, data: null });
      expect(everything(h.db)).toBe(before);
    };

    it.each([
      [{ amount: '' }, 'Please enter the exchange amount'],
      [{ amount: '0' }, 'The amount must be a number greater than 0'],
      [{ amount: '1.5' }, 'Insufficient available balance'],
      [{ amount: '0.000000001' }, 'The amount can have at most 8 decimals for BTC'],
      [{ to_coin_id: 0 }, 'Please choose a coin'],
      [{ to_coin_id: 99999 }, 'This coin does not exist'],
      [{ paypassword: '' }, 'Please enter your transaction password'],
      [{ type: 5 }, 'Please choose an account'],
      [{ type: 3 }, 'This account is not open'],
    ])('%j: %s', async (fields, message) => refused(fields, message));

    it('one coin with itself, a coin the operator did not list', async () => {
      await refused({ to_coin_id: h.coinId('btc') }, 'Please choose two different coins');
      await refused({ to_coin_id: h.coinId('sol') }, 'SOL cannot be exchanged');
    });

    it('an amount too small to buy anything after the fee', async () => {
      await refused(
        { from_coin_id: h.coinId('usdt'), to_coin_id: h.coinId('btc'), amount: '0.00000001' },
        'The amount is too small to buy any BTC',
      );
    });

    it('while flash_exchange_status is 0', async () => {
      h.setSite({ flash_exchange_status: 0 });
      await refused({}, 'Flash exchange is closed');
      h.setSite({ flash_exchange_status: 1 });
    });

    it('when the feed cannot price a coin', async () => {
      const { TEST_WALLET_CONFIG } = await import('./wallet-harness.ts');
      // A coin of the server without a USDT market on the feed.
      h.db.prepare("INSERT INTO coins (name, title) VALUES ('zzz', 'ZZZ')").run();
      const zzz = h.coinId('zzz');
      h.setWalletConfig({ ...TEST_WALLET_CONFIG, exchange: { fee_percent: '0.2', coins: ['usdt', 'btc', 'zzz'] } });
      try {
        await refused({ to_coin_id: zzz }, 'The market price is not available right now, please try again');
      } finally {
        h.setWalletConfig(TEST_WALLET_CONFIG);
      }
    });
  });
});
