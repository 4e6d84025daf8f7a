import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { memoryDatabase } from '../../__tests__/harness/index.ts';
import { MailRepository } from '../../db/repositories/mail-repository.ts';
import {
  checkEmailCode,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_MS,
  EMAIL_CODE_TTL_MS,
  sendEmailCode,
} from '../email-codes.ts';

describe('email codes', () => {
  let db: Db;
  let mail: MailRepository;
  const at = 1_700_000_000_000;
  const codeOf = (to: string): string => mail.messages(to)[0]!.code!;
  beforeEach(async () => {
    db = await memoryDatabase();
    mail = new MailRepository(db);
  });
  afterEach(() => db.close());

  it('issues 6-digit codes, one per address per 60 s', () => {
    expect(sendEmailCode(mail, 'a@x.io', 'en', at)).toEqual({ sent: true });
    expect(codeOf('a@x.io')).toMatch(/^\d{6}$/);
    expect(sendEmailCode(mail, 'a@x.io', 'en', at + 1)).toEqual({ sent: false, waitSeconds: 60 });
    expect(sendEmailCode(mail, 'a@x.io', 'en', at + 30_500)).toEqual({ sent: false, waitSeconds: 30 });
    expect(sendEmailCode(mail, 'b@x.io', 'en', at + 1)).toEqual({ sent: true });
    expect(sendEmailCode(mail, 'a@x.io', 'en', at + EMAIL_CODE_RESEND_MS)).toEqual({ sent: true });
    expect(mail.messages('a@x.io')).toHaveLength(2);
  });

  it('accepts the newest code until it expires', () => {
    sendEmailCode(mail, 'a@x.io', 'en', at);
    const first = codeOf('a@x.io');
    sendEmailCode(mail, 'a@x.io', 'en', at + EMAIL_CODE_RESEND_MS);
    const second = codeOf('a@x.io');
    if (first !== second) expect(checkEmailCode(mail, 'a@x.io', first, at + EMAIL_CODE_RESEND_MS)).toBeNull();
    expect(checkEmailCode(mail, 'a@x.io', second, at + EMAIL_CODE_RESEND_MS + EMAIL_CODE_TTL_MS - 1)).not.toBeNull();
    expect(checkEmailCode(mail, 'a@x.io', second, at + EMAIL_CODE_RESEND_MS + EMAIL_CODE_TTL_MS)).toBeNull();
  });

  it('a used code cannot be used again', () => {
    sendEmailCode(mail, 'a@x.io', 'en', at);
    const id = checkEmailCode(mail, 'a@x.io', codeOf('a@x.io'), at + 1)!;
    expect(mail.markUsed(id, at + 2)).toBe(true);
    expect(mail.markUsed(id, at + 3)).toBe(false);
    expect(checkEmailCode(mail, 'a@x.io', codeOf('a@x.io'), at + 4)).toBeNull();
  });

  it(`dies after ${EMAIL_CODE_MAX_ATTEMPTS} wrong guesses`, () => {
    sendEmailCode(mail, 'a@x.io', 'en', at);
    const code = codeOf('a@x.io');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < EMAIL_CODE_MAX_ATTEMPTS - 1; i++) expect(checkEmailCode(mail, 'a@x.io', wrong, at)).toBeNull();
    expect(checkEmailCode(mail, 'a@x.io', code, at)).not.toBeNull();
    expect(checkEmailCode(mail, 'a@x.io', wrong, at)).toBeNull();
    expect(checkEmailCode(mail, 'a@x.io', code, at)).toBeNull();
  });
});
