import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../../admin.ts';
import { DEMO_ACCOUNT } from '../../../../db/seed.ts';
import { DEMO_USDT_ADDRESS } from '../../../../db/seed-profile.ts';
import {
  editSiteConfig,
  login,
  registerByPhone,
  rowCount,
  startTestApp,
  type TestApp,
} from '../../../../__tests__/harness/index.ts';

type Auth = { Token: string };
interface Bound {
  id: number;
  c_id: number;
  coin: string;
  network: string;
  address: string;
}
interface AddressList {
  list: Bound[];
  coins: { id: number; title: string; network: string }[];
}

/** Published addresses: TRON's USDT contract, Bitcoin's well-known examples and BIP 173/350 vectors, EIP-55's own vectors. */
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH_EIP55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC_P2PKH = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

describe('api/User/getUserWidthAddress and setUserWidthAddress', () => {
  let t: TestApp;
  let coin: (name: string) => number;
  beforeEach(async () => {
    t = await startTestApp();
    coin = (name) => t.db.prepare('SELECT id FROM coins WHERE name = ?').pluck().get(name) as number;
  });
  afterEach(async () => t.close());

  const list = async (auth: Auth) => (await t.get<AddressList>('User/getUserWidthAddress', {}, auth)).data;
  const bind = (auth: Auth, name: string, address: string) =>
    t.post<Bound>('User/setUserWidthAddress', { c_id: coin(name), address }, auth);

  async function expectRefused(auth: Auth, fields: Record<string, string | number>, msg: string): Promise<void> {
    const before = JSON.stringify(t.db.prepare('SELECT * FROM withdraw_addresses ORDER BY id').all());
    expect(await t.post('User/setUserWidthAddress', fields, auth)).toEqual({ code: 0, msg, data: null });
    expect(JSON.stringify(t.db.prepare('SELECT * FROM withdraw_addresses ORDER BY id').all())).toBe(before);
  }

  it("lists the coins an address can be bound for, with their networks, and the demo account's bound USDT address", async () => {
    const auth = { Token: await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password) };
    const answer = await list(auth);
    expect(answer.coins.map((c) => [c.title, c.network])).toEqual([
      ['USDT', 'TRC20'],
      ['BTC', 'BTC'],
      ['ETH', 'ERC20'],
      ['TRX', 'TRC20'],
    ]);
    expect(answer.list).toEqual([
      {
        id: expect.any(Number) as number,
        c_id: coin('usdt'),
        coin: 'USDT',
        network: 'TRC20',
        address: DEMO_USDT_ADDRESS,
      },
    ]);
  });

  it('binds one address per coin, each checked against its network, and lists them', async () => {
    const auth = await registerByPhone(t);
    expect((await list(auth)).list).toEqual([]);
    const usdt = await bind(auth, 'usdt', `  ${TRON} `);
    expect(usdt).toMatchObject({
      code: 1,
      msg: 'Withdrawal address saved',
      data: { c_id: coin('usdt'), coin: 'USDT', network: 'TRC20', address: TRON },
    });
    expect((await bind(auth, 'btc', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).data.address).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    // All lower case carries no checksum: stored in its EIP-55 form.
    expect((await bind(auth, 'eth', ETH_EIP55.toLowerCase())).data.address).toBe(ETH_EIP55);
    expect((await list(auth)).list.map((a) => [a.coin, a.address])).toEqual([
      ['USDT', TRON],
      ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
      ['ETH', ETH_EIP55],
    ]);
  });

  it.each([
    [
      'usdt',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T',
      'This address has a typo: its check digits do not match. Copy it again from the receiving wallet',
    ],
    ['usdt', ETH_EIP55, 'This is not a USDT TRC20 address: it starts with T and has 34 letters and digits'],
    [
      'usdt',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6',
      'This is not a USDT TRC20 address: it starts with T and has 34 letters and digits',
    ],
    [
      'eth',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
      'This address has a typo: its check digits do not match. Copy it again from the receiving wallet',
    ],
    [
      'eth',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
      'This is not a ETH ERC20 address: it is 0x followed by 40 hexadecimal digits',
    ],
    [
      'btc',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
      'This address has a typo: its check digits do not match. Copy it again from the receiving wallet',
    ],
    [
      'btc',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      'This address has a typo: its check digits do not match. Copy it again from the receiving wallet',
    ],
    [
      'btc',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'This is not a BTC address: it starts with 1, 3 or bc1',
    ],
    ['btc', TRON, 'This is not a BTC address: it starts with 1, 3 or bc1'],
  ])('%s %s is refused: %s', async (name, address, msg) => {
    await expectRefused(await registerByPhone(t), { c_id: coin(name), address }, msg);
  });

  it('refuses in the spec order (currency, then address), a coin without a network, and text that is no address at all', async () => {
    const auth = await registerByPhone(t);
    await expectRefused(auth, { address: TRON }, 'Please choose a currency');
    await expectRefused(auth, { c_id: coin('usdt'), address: '  ' }, 'Please enter the withdrawal address');
    await expectRefused(auth, {}, 'Please choose a currency');
    await expectRefused(
      auth,
      { c_id: coin('usdt'), address: 'T R7NH<script>' },
      'An address has only letters and digits, at most 100',
    );
    await expectRefused(auth, { c_id: coin('sol'), address: TRON }, 'This currency cannot be withdrawn to an address');
    await expectRefused(auth, { c_id: 99999, address: TRON }, 'This currency cannot be withdrawn to an address');
    expect(
      (
        await t.post(
          'User/setUserWidthAddress',
          { c_id: coin('usdt'), address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' },
          { ...auth, Lang: 'zh-cn' },
        )
      ).msg,
    ).toBe('地址有误：校验位不匹配，请从收款钱包重新复制');
  });

  it('changes a bound address only while can_edit_address is 1; a coin without one can still be bound', async () => {
    const auth = await registerByPhone(t);
    expect((await bind(auth, 'usdt', TRON)).code).toBe(1);
    editSiteConfig(t.dataDir, { can_edit_address: 0 });
    await expectRefused(
      auth,
      { c_id: coin('usdt'), address: 'TCp7kqHPVGeSjNL4sgbrEtfyb2HMgyz1se' },
      'A bound address cannot be changed, please contact customer service',
    );
    expect((await bind(auth, 'btc', BTC_P2PKH)).code).toBe(1);
    editSiteConfig(t.dataDir, { can_edit_address: 1 });
    const changed = await bind(auth, 'usdt', 'TCp7kqHPVGeSjNL4sgbrEtfyb2HMgyz1se');
    expect(changed.data.address).toBe('TCp7kqHPVGeSjNL4sgbrEtfyb2HMgyz1se');
    expect((await list(auth)).list.filter((a) => a.coin === 'USDT')).toHaveLength(1);
  });

  it('is refused while address_switch is off', async () => {
    const auth = await registerByPhone(t);
    editSiteConfig(t.dataDir, { address_switch: 0 });
    await expectRefused(
      auth,
      { c_id: coin('usdt'), address: TRON },
      'Withdrawal to a wallet address is closed at the moment',
    );
  });

  it("keeps users apart: one's addresses never show in another's list", async () => {
    const alice = await registerByPhone(t);
    const bob = await registerByPhone(t);
    await bind(alice, 'usdt', TRON);
    expect((await list(bob)).list).toEqual([]);
    expect(rowCount(t.db, 'withdraw_addresses')).toBe(2);
  });

  it('coin:network lists and sets the withdraw networks; an address is then checked against the new one', async () => {
    const auth = await registerByPhone(t);
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
    expect(runAdmin(['coin:network'], t.config, io)).toBe(0);
    expect(out).toContain('usdt\tUSDT\tTRC20');
    expect(out).toContain('sol\tSOL\t-');
    expect(runAdmin(['coin:network', '--coin', 'link', '--network', 'ERC20'], t.config, io)).toBe(0);
    expect((await bind(auth, 'link', ETH_EIP55)).code).toBe(1);
    expect(runAdmin(['coin:network', '--coin', 'link', '--network', 'SOL'], t.config, io)).toBe(1);
    expect(runAdmin(['coin:network', '--coin', 'nope', '--network', 'BTC'], t.config, io)).toBe(1);
    expect(runAdmin(['coin:network', '--coin', 'link', '--network', 'none'], t.config, io)).toBe(0);
    await expectRefused(
      auth,
      { c_id: coin('link'), address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
      'This currency cannot be withdrawn to an address',
    );
  });
});
