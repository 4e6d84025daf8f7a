import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../database.ts';
import { memoryDatabase } from '../../__tests__/harness/index.ts';
import { formatAddtime, NoticeRepository } from '../repositories/notice-repository.ts';
import { UserRepository } from '../repositories/user-repository.ts';

describe('NoticeRepository', () => {
  let db: Db;
  let notices: NoticeRepository;
  let alice: number;
  let bob: number;
  beforeEach(async () => {
    db = await memoryDatabase();
    notices = new NoticeRepository(db);
    const users = new UserRepository(db);
    const base = {
      email: null,
      phone: null,
      password: { hash: 'h', salt: 's' },
      invitedBy: null,
      lang: 'en',
      registerIp: '',
      createdAt: 1,
    };
    alice = users.create({ ...base, username: 'alice', inviteCode: 'AAAAAA' });
    bob = users.create({ ...base, username: 'bob', inviteCode: 'BBBBBB' });
  });
  afterEach(() => db.close());

  it('shows broadcasts to everyone and personal notices to their user only, newest first', () => {
    notices.add({ userId: null, title: 'all-old', content: '', createdAt: 1000 });
    notices.add({ userId: alice, title: 'alice', content: '', createdAt: 2000 });
    notices.add({ userId: null, title: 'all-new', content: '', createdAt: 3000 });
    expect(notices.page(alice, 1, 10).list.map((n) => n.title)).toEqual(['all-new', 'alice', 'all-old']);
    expect(notices.page(bob, 1, 10)).toMatchObject({ total: 2 });
    expect(notices.page(bob, 1, 10).list.map((n) => n.title)).toEqual(['all-new', 'all-old']);
    expect(notices.page(alice, 2, 2).list.map((n) => n.title)).toEqual(['all-old']);
  });

  it('keeps read status per user', () => {
    const id = notices.add({ userId: null, title: 'b', content: '', createdAt: 1000 });
    expect(notices.hasUnread(alice)).toBe(true);
    notices.markRead(alice, id, 5);
    notices.markRead(alice, id, 6);
    expect(notices.find(alice, id)?.status).toBe(2);
    expect(notices.find(bob, id)?.status).toBe(1);
    expect(notices.hasUnread(alice)).toBe(false);
    expect(notices.hasUnread(bob)).toBe(true);
  });

  it('formats addtime as UTC "YYYY-MM-DD HH:mm:ss"', () => {
    expect(formatAddtime(Date.UTC(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
  });
});
