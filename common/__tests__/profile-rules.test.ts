import { describe, expect, it } from 'vitest';
import { cardDigits, groupCardNumber, isCardNumber, isRealName, maskCardNumber } from '../profile-rules.ts';

describe('profile rules', () => {
  it('a real name is letters of any script with spaces, dots, hyphens and apostrophes between them, at most 50', () => {
    for (const name of [
      'Li Wei',
      '王小明',
      'José María Núñez',
      "O'Brien",
      'Anne-Marie',
      'محمد علي',
      'राहुल शर्मा',
      'J. R. Smith',
    ])
      expect(isRealName(name), name).toBe(true);
    for (const name of ['', ' Li', '-Li', 'Agent 007', 'Li<b>', 'a@b', 'x'.repeat(51)])
      expect(isRealName(name), name).toBe(false);
    expect(isRealName('x'.repeat(50))).toBe(true);
  });

  it('a card number is 12 to 19 digits, white space between them ignored', () => {
    for (const number of ['123456789012', '1234567890123456789', '6222 0212 3456 7890', '6222  0212\t3456 7890'])
      expect(isCardNumber(number), number).toBe(true);
    for (const number of ['12345678901', '12345678901234567890', '6222-0212-3456-7890', '6222O21234567890', ''])
      expect(isCardNumber(number), number).toBe(false);
    expect(cardDigits('6222 0212\t3456 7890')).toBe('6222021234567890');
  });

  it('masks a card number to its last 4 digits, and leaves a masked one as it is', () => {
    expect(maskCardNumber('6222021234567890')).toBe('**** 7890');
    expect(maskCardNumber('1234567890123456789')).toBe('**** 6789');
    expect(maskCardNumber('**** 7890')).toBe('**** 7890');
    expect(groupCardNumber('6222021234567890')).toBe('6222 0212 3456 7890');
    expect(groupCardNumber('**** 7890')).toBe('**** 7890');
  });
});
