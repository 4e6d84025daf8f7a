import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../../db/seed.ts';
import { DEMO_BANK_CARD } from '../../../../db/seed-profile.ts';
import { MAX_BANK_CARDS } from '../../../../domain/bank-cards.ts';
import {
  editSiteConfig,
  login,
  registerByPhone,
  startTestApp,
  type TestApp,
} from '../../../../__tests__/harness/index.ts';

type Auth = { Token: string };
interface Card {
  id: number;
  bank_name: string;
  card_number: string;
  card_name: string;
}

const card = (extra: Record<string, string | number> = {}) => ({
  bank_name: 'Northwind Bank',
  card_name: 'Li Wei',
  card_number: '6222 0212 3456 7890',
  ...extra,
});

describe('api/User/getUserBankList and setBank', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => t.close());

  const list = async (auth: Auth) => (await t.post<Card[]>('User/getUserBankList', {}, auth)).data;
  const stored = () => JSON.stringify(t.db.prepare('SELECT * FROM bank_cards ORDER BY id').all());

  async function expectRefused(auth: Auth, fields: Record<string, string | number>, msg: string): Promise<void> {
    const before = stored();
    expect(await t.post('User/setBank', fields, auth)).toEqual({ code: 0, msg, data: null });
    expect(stored()).toBe(before);
  }

  it('adds a card (spaces in the number dropped) and lists it masked to its last 4 digits while bank_swan_type is 1', async () => {
    const auth = await registerByPhone(t);
    expect(await list(auth)).toEqual([]);
    const added = await t.post<Card>('User/setBank', card(), auth);
    expect(added).toEqual({
      code: 1,
      msg: 'Bank card added',
      data: {
        id: expect.any(Number) as number,
        bank_name: 'Northwind Bank',
        card_number: '**** 7890',
        card_name: 'Li Wei',
      },
    });
    expect(t.db.prepare('SELECT card_number FROM bank_cards WHERE id = ?').pluck().get(added.data.id)).toBe(
      '6222021234567890',
    );
    expect(await list(auth)).toEqual([added.data]);
    editSiteConfig(t.dataDir, { bank_swan_type: 0 });
    expect((await list(auth))[0]!.card_number).toBe('6222021234567890');
  });

  it('needs no verification code: the reading of docs/product-rules.md#bank-cards chosen (README "Bank cards"); a code sent is ignored', async () => {
    const auth = await registerByPhone(t);
    expect((await t.post('User/setBank', card(), auth)).code).toBe(1);
    expect((await t.post('User/setBank', card({ card_number: '6222021234567891', code: 'whatever' }), auth)).code).toBe(
      1,
    );
  });

  it('refuses in the order of docs/product-rules.md#bank-cards: bank name, cardholder name, card number; then the length rule', async () => {
    const auth = await registerByPhone(t);
    await expectRefused(auth, {}, 'Please enter the bank name');
    await expectRefused(auth, { card_number: '6222021234567890' }, 'Please enter the bank name');
    await expectRefused(
      auth,
      { bank_name: 'Northwind Bank', card_number: '6222021234567890' },
      'Please enter the cardholder name',
    );
    await expectRefused(
      auth,
      { bank_name: 'Northwind Bank', card_name: 'Li Wei', card_number: ' ' },
      'Please enter the card number',
    );
    for (const number of ['12345678901', '12345678901234567890', '6222-0212-3456-7890', '6222O21234567890']) {
      await expectRefused(auth, card({ card_number: number }), 'The card number must be 12 to 19 digits');
    }
    await expectRefused(auth, card({ bank_name: 'B'.repeat(61) }), 'The bank name can have at most 60 characters');
    await expectRefused(
      auth,
      card({ card_name: 'N'.repeat(51) }),
      'The cardholder name can have at most 50 characters',
    );
    expect((await t.post('User/setBank', {}, { ...auth, Lang: 'zh-cn' })).msg).toBe('请输入银行名称');
    for (const number of ['123456789012', '1234 5678 9012 3456 789'])
      expect((await t.post('User/setBank', card({ card_number: number }), auth)).code, number).toBe(1);
  });

  it("edits one of the caller's cards by id while can_edit_bank is 1", async () => {
    const auth = await registerByPhone(t);
    const { data } = await t.post<Card>('User/setBank', card(), auth);
    const edited = await t.post<Card>(
      'User/setBank',
      card({ id: data.id, bank_name: 'Blue Harbor Bank', card_number: '6222021234561111' }),
      auth,
    );
    expect(edited).toEqual({
      code: 1,
      msg: 'Bank card updated',
      data: { id: data.id, bank_name: 'Blue Harbor Bank', card_number: '**** 1111', card_name: 'Li Wei' },
    });
    expect(await list(auth)).toEqual([edited.data]);
  });

  it('docs/product-rules.md#bank-cards: the first card can always be added; with a card, adding and editing need can_edit_bank 1', async () => {
    const auth = await registerByPhone(t);
    editSiteConfig(t.dataDir, { can_edit_bank: 0 });
    const { data } = await t.post<Card>('User/setBank', card(), auth);
    expect(data.id).toBeGreaterThan(0);
    await expectRefused(
      auth,
      card({ card_number: '6222021234561111' }),
      'Bank cards cannot be changed, please contact customer service',
    );
    await expectRefused(
      auth,
      card({ id: data.id, bank_name: 'Other' }),
      'Bank cards cannot be changed, please contact customer service',
    );
    editSiteConfig(t.dataDir, { can_edit_bank: 1 });
    expect((await t.post('User/setBank', card({ id: data.id, bank_name: 'Other' }), auth)).code).toBe(1);
  });

  it("refuses another user's card id as not found, a number bound twice, a card over the limit, and everything while bank_switch is off", async () => {
    const auth = await registerByPhone(t);
    const demo = { Token: await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password) };
    const demoCard = (await list(demo))[0]!;
    expect(demoCard).toMatchObject({ bank_name: DEMO_BANK_CARD.bankName, card_number: '**** 7890' });
    await expectRefused(auth, card({ id: demoCard.id }), 'This bank card does not exist');
    await t.post('User/setBank', card(), auth);
    await expectRefused(auth, card({ card_number: '6222021234567890' }), 'This card number is already bound');
    for (let i = 1; i < MAX_BANK_CARDS; i++)
      expect(
        (await t.post('User/setBank', card({ card_number: `62220212345600${String(i).padStart(2, '0')}` }), auth)).code,
      ).toBe(1);
    await expectRefused(
      auth,
      card({ card_number: '6222021234569999' }),
      `You can bind at most ${MAX_BANK_CARDS} bank cards`,
    );
    editSiteConfig(t.dataDir, { bank_switch: 0 });
    await expectRefused(await registerByPhone(t), card(), 'Bank cards are closed at the moment');
    // Another user's cards are not in the list.
    expect((await list(demo)).map((c) => c.id)).toEqual([demoCard.id]);
  });
});
