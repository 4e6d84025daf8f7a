import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { memoryDatabase } from '../../../__tests__/harness/index.ts';
import { UserRepository } from '../../../db/repositories/user-repository.ts';
import { hashSecret } from '../../passwords.ts';
import { sha256 } from '../../tokens.ts';
import { LOGIN_TICKET_TTL_MS, LoginTickets } from '../login-tickets.ts';

describe('sign-in tickets', () => {
  let db: Db;
  let now: number;
  let tickets: LoginTickets;
  let userId: number;

  beforeEach(async () => {
    db = await memoryDatabase();
    now = 1_750_000_000_000;
    tickets = new LoginTickets(db, () => now);
    userId = new UserRepository(db).create({
      username: 'ticket-user',
      email: null,
      phone: null,
      password: await hashSecret('secret12'),
      inviteCode: 'TICKET1',
      invitedBy: null,
      lang: 'en',
      registerIp: '',
      createdAt: now,
    });
  });

  it('keeps only the hash, bound to its user, with a random challenge', () => {
    const a = tickets.issue(userId, '203.0.113.1');
    const b = tickets.issue(userId, '203.0.113.1');
    expect(a.ticket).not.toBe(b.ticket);
    expect(a.challenge).not.toBe(b.challenge);
    expect(db.prepare('SELECT ticket_hash FROM login_tickets').pluck().all()).toEqual(
      expect.arrayContaining([sha256(a.ticket), sha256(b.ticket)]),
    );
    expect(tickets.find(a.ticket)).toMatchObject({ userId, challenge: a.challenge, ip: '203.0.113.1' });
    expect(tickets.find('unknown')).toBeNull();
  });

  it('works until five minutes after it was issued, to the millisecond', () => {
    const { ticket } = tickets.issue(userId, '');
    now += LOGIN_TICKET_TTL_MS - 1;
    const found = tickets.find(ticket);
    expect(found).not.toBeNull();
    now += 1;
    expect(tickets.find(ticket)).toBeNull();
    expect(tickets.spend(found!)).toBe(false);
  });

  it('is spent once', () => {
    const { ticket } = tickets.issue(userId, '');
    const found = tickets.find(ticket)!;
    expect(tickets.spend(found)).toBe(true);
    expect(tickets.spend(found)).toBe(false);
    expect(tickets.find(ticket)).toBeNull();
  });
});
