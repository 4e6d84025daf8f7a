import { describe, expect, it } from 'vitest';
import { antiPhishingCodeProblem } from '../api/anti-phishing.ts';

describe('anti-phishing code rule (checked before sending, as the server does)', () => {
  it('takes 4 to 20 letters or digits', () => {
    for (const code of ['abcd', 'Tiger42', 'A1b2C3d4E5f6G7h8I9j0']) expect(antiPhishingCodeProblem(code)).toBeNull();
  });

  it('names what is wrong: nothing typed, or outside the rule', () => {
    expect(antiPhishingCodeProblem('')).toBe('security.antiPhishing.codeRequired');
    for (const code of ['abc', 'A1b2C3d4E5f6G7h8I9j0K', 'ab cd', 'abc!', 'äbcd', ' abcd'])
      expect(antiPhishingCodeProblem(code)).toBe('security.antiPhishing.codeRule');
  });
});
