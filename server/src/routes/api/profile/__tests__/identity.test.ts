import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../../admin.ts';
import { platformReviews } from '../../../../domain/review-kinds.ts';
import type { Reviews } from '../../../../domain/reviews.ts';
import {
  editSiteConfig,
  registerByPhone,
  rowCount,
  startTestApp,
  uploadPhoto,
  type TestApp,
  type UserInfo,
} from '../../../../__tests__/harness/index.ts';

type Auth = { Token: string };

describe('api/User/usersetReal: identity verification', () => {
  let t: TestApp;
  let reviews: Reviews;
  beforeEach(async () => {
    t = await startTestApp({ REVIEW_AUTO_SECONDS: '0' });
    reviews = platformReviews(t.db, Date.now);
  });
  afterEach(async () => t.close());

  const info = async (auth: Auth) => (await t.post<UserInfo>('User/getUserInfo', {}, auth)).data;
  const pendingReview = () =>
    t.db.prepare("SELECT * FROM reviews WHERE kind = 'identity' AND status = 'pending' ORDER BY id DESC").get() as
      { id: number; ref_id: number; user_id: number; summary: string } | undefined;

  async function photos(auth: Auth) {
    return { front: (await uploadPhoto(t, auth.Token)).url, back: (await uploadPhoto(t, auth.Token)).url };
  }

  /** Submits and expects the refusal `msg`, with no request, review or status change stored. */
  async function expectRefused(auth: Auth, fields: Record<string, string>, msg: string): Promise<void> {
    const before = {
      requests: rowCount(t.db, 'identity_verifications'),
      reviews: rowCount(t.db, 'reviews'),
      rzstatus: (await info(auth)).rzstatus,
    };
    expect(await t.post('User/usersetReal', fields, auth)).toEqual({ code: 0, msg, data: null });
    expect({
      requests: rowCount(t.db, 'identity_verifications'),
      reviews: rowCount(t.db, 'reviews'),
      rzstatus: (await info(auth)).rzstatus,
    }).toEqual(before);
  }

  it("submits the name and both of the caller's own uploads: under review, one request and one review", async () => {
    const auth = await registerByPhone(t);
    const { front, back } = await photos(auth);
    const answer = await t.post(
      'User/usersetReal',
      { real_name: '  Li Wei ', front_card: front, back_card: back },
      auth,
    );
    expect(answer).toEqual({ code: 1, msg: 'Submitted, please wait for the review', data: { rzstatus: 1 } });
    const user = await info(auth);
    expect(user).toMatchObject({ rzstatus: 1, rz_reason: '' });
    const request = t.db.prepare('SELECT * FROM identity_verifications WHERE user_id = ?').get(user.id) as Record<
      string,
      unknown
    >;
    expect(request).toMatchObject({
      real_name: 'Li Wei',
      front_card: front,
      back_card: back,
      status: 1,
      decided_at: null,
    });
    expect(pendingReview()).toMatchObject({ user_id: user.id, ref_id: request.id, summary: 'identity of Li Wei' });
  });

  it('accepts the absolute fullurl the upload answered and stores the relative URL', async () => {
    const auth = await registerByPhone(t);
    const front = await uploadPhoto(t, auth.Token);
    const back = await uploadPhoto(t, auth.Token);
    expect(
      (
        await t.post(
          'User/usersetReal',
          { real_name: '王小明', front_card: front.fullurl, back_card: back.fullurl },
          auth,
        )
      ).code,
    ).toBe(1);
    expect(t.db.prepare('SELECT front_card, back_card FROM identity_verifications').get()).toEqual({
      front_card: front.url,
      back_card: back.url,
    });
  });

  it('refuses in the spec order: the real name, then the upload tip of the missing side', async () => {
    const auth = await registerByPhone(t);
    const { front, back } = await photos(auth);
    await expectRefused(auth, { real_name: ' ', front_card: '', back_card: '' }, 'Please enter your real name');
    await expectRefused(auth, { real_name: 'Li Wei', back_card: back }, 'Please upload the front of your ID');
    await expectRefused(auth, { real_name: 'Li Wei', front_card: front }, 'Please upload the back of your ID');
    await expectRefused(
      auth,
      { real_name: 'Agent 007', front_card: front, back_card: back },
      'Please enter your real name as on your ID: letters only, at most 50',
    );
    await expectRefused(
      auth,
      { real_name: 'x'.repeat(51), front_card: front, back_card: back },
      'Please enter your real name as on your ID: letters only, at most 50',
    );
    await expectRefused(
      auth,
      { real_name: 'Li Wei', front_card: front, back_card: front },
      'The front and the back must be two different photos',
    );
  });

  it("refuses another user's upload, a made-up upload name and a URL that is not an upload", async () => {
    const auth = await registerByPhone(t);
    const other = await registerByPhone(t);
    const mine = await uploadPhoto(t, auth.Token);
    const theirs = await uploadPhoto(t, other.Token);
    const notYours = 'This image was not uploaded from your account, please upload it again';
    await expectRefused(auth, { real_name: 'Li Wei', front_card: mine.url, back_card: theirs.url }, notYours);
    await expectRefused(auth, { real_name: 'Li Wei', front_card: theirs.fullurl, back_card: mine.url }, notYours);
    await expectRefused(
      auth,
      { real_name: 'Li Wei', front_card: mine.url, back_card: '/uploads/00000000000000000000000000000000.jpg' },
      notYours,
    );
    await expectRefused(
      auth,
      { real_name: 'Li Wei', front_card: 'https://evil.example/id.jpg', back_card: mine.url },
      notYours,
    );
  });

  it("answers in the caller's language", async () => {
    const auth = await registerByPhone(t);
    expect((await t.post('User/usersetReal', {}, { ...auth, Lang: 'zh-cn' })).msg).toBe('请输入真实姓名');
  });

  it('is refused while certification_switch is off, and accepted again once it is on', async () => {
    const auth = await registerByPhone(t);
    const { front, back } = await photos(auth);
    editSiteConfig(t.dataDir, { certification_switch: 0 });
    await expectRefused(
      auth,
      { real_name: 'Li Wei', front_card: front, back_card: back },
      'Identity verification is closed at the moment',
    );
    editSiteConfig(t.dataDir, { certification_switch: 1 });
    expect(
      (await t.post('User/usersetReal', { real_name: 'Li Wei', front_card: front, back_card: back }, auth)).code,
    ).toBe(1);
  });

  it('the review cycle: under review refuses a second submit; rejection shows the reason and allows a new submit; approval certifies for good', async () => {
    const auth = await registerByPhone(t);
    const first = await photos(auth);
    expect(
      (await t.post('User/usersetReal', { real_name: 'Li Wei', front_card: first.front, back_card: first.back }, auth))
        .code,
    ).toBe(1);
    const second = await photos(auth);
    await expectRefused(
      auth,
      { real_name: 'Li Wei', front_card: second.front, back_card: second.back },
      'Your identity is already under review',
    );

    reviews.reject(pendingReview()!.id, 'The photo of the back is blurred');
    expect(await info(auth)).toMatchObject({ rzstatus: 3, rz_reason: 'The photo of the back is blurred' });
    expect(t.db.prepare('SELECT status, reason FROM identity_verifications ORDER BY id DESC').get()).toEqual({
      status: 3,
      reason: 'The photo of the back is blurred',
    });

    expect(
      (
        await t.post(
          'User/usersetReal',
          { real_name: 'Li Wei', front_card: second.front, back_card: second.back },
          auth,
        )
      ).code,
    ).toBe(1);
    expect(await info(auth)).toMatchObject({ rzstatus: 1, rz_reason: '' });
    reviews.approve(pendingReview()!.id);
    expect(await info(auth)).toMatchObject({ rzstatus: 2, rz_reason: '' });
    expect(t.db.prepare('SELECT status FROM identity_verifications ORDER BY id').pluck().all()).toEqual([3, 2]);

    const third = await photos(auth);
    await expectRefused(
      auth,
      { real_name: 'Li Wei', front_card: third.front, back_card: third.back },
      'Your identity is already verified',
    );
  });

  it('two submits racing: one is stored, the other refused', async () => {
    const auth = await registerByPhone(t);
    const a = await photos(auth);
    const b = await photos(auth);
    const answers = await Promise.all([
      t.post('User/usersetReal', { real_name: 'Li Wei', front_card: a.front, back_card: a.back }, auth),
      t.post('User/usersetReal', { real_name: 'Li Wei', front_card: b.front, back_card: b.back }, auth),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 1]);
    expect(rowCount(t.db, 'identity_verifications')).toBe(1);
    expect(rowCount(t.db, 'reviews')).toBe(1);
  });

  it('the operator command decides identity reviews as the server does', async () => {
    const auth = await registerByPhone(t);
    const { front, back } = await photos(auth);
    await t.post('User/usersetReal', { real_name: 'Li Wei', front_card: front, back_card: back }, auth);
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
    expect(runAdmin(['review:list', '--kind', 'identity'], t.config, io)).toBe(0);
    expect(out.join('\n')).toContain('identity of Li Wei');
    expect(runAdmin(['review:approve', String(pendingReview()!.id)], t.config, io)).toBe(0);
    expect(await info(auth)).toMatchObject({ rzstatus: 2 });
  });
});
