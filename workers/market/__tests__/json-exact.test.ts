import { describe, expect, it } from 'vitest';
import Big from 'big.js';
import { canonicalDecimal, isPlainDecimal } from '../normalize/decimal.ts';
import { JsonNumber, JsonSyntaxError, parseJsonExact } from '../normalize/json-exact.ts';

describe('canonicalDecimal', () => {
  it.each([
    ['716.0', '716'],
    ['50080.0', '50080'],
    ['9.121E-7', '0.0000009121'],
    ['1.98E-4', '0.000198'],
    ['5.985618685709001E8', '598561868.5709001'],
    ['1.0E-7', '0.0000001'],
    ['1E+3', '1000'],
    ['94.690000000000000000', '94.69'],
    ['0.0', '0'],
    ['-0.0', '0'],
    ['-12.50', '-12.5'],
    ['0.015443758717188892', '0.015443758717188892'],
    ['326373293255757297982681', '326373293255757297982681'],
    ['1.26936964043E7', '12693696.4043'],
  ])('%s → %s', (token, expected) => {
    expect(canonicalDecimal(token)).toBe(expected);
  });

  it('rejects what is not a number', () => {
    expect(() => canonicalDecimal('1.2.3')).toThrow(/not a decimal/);
    expect(() => canonicalDecimal('')).toThrow(/not a decimal/);
    expect(() => canonicalDecimal('1.')).toThrow(/not a decimal/);
    expect(() => canonicalDecimal('-')).toThrow(/not a decimal/);
  });

  it('takes a token that is already plain as it is, and only such a token', () => {
    for (const plain of ['0', '7', '65017.45', '0.158209', '-0.5', '-12.25', '1629795484817', '0.0000009121'])
      expect(isPlainDecimal(plain), plain).toBe(true);
    for (const other of ['-0', '00', '01.5', '716.0', '0.10', '1.', '.5', '1e3', '1E-7', '+1', '', '-', '1.2.3', '1a'])
      expect(isPlainDecimal(other), other).toBe(false);
  });

  it('gives the same text as big.js for numbers of every shape, plain or not', () => {
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const digits = (n: number) => Array.from({ length: n }, () => String(next(10))).join('');
    for (let i = 0; i < 2000; i++) {
      const whole = next(3) === 0 ? '0' : String(1 + next(9)) + digits(next(8));
      const fraction = next(3) === 0 ? '' : `.${digits(1 + next(10))}`;
      const exponent = next(5) === 0 ? `${next(2) ? 'e' : 'E'}${['', '+', '-'][next(3)]}${next(12)}` : '';
      const token = `${next(4) === 0 ? '-' : ''}${whole}${fraction}${exponent}`;
      const expected = new Big(token).toFixed();
      expect(canonicalDecimal(token), token).toBe(expected === '-0' ? '0' : expected);
    }
  });
});

describe('parseJsonExact', () => {
  it('keeps number tokens as written, whatever their size', () => {
    const value = parseJsonExact('{"id":326373293255757297982681,"p":[716.0, -1.5E-3],"s":"x"}') as Record<
      string,
      unknown
    >;
    expect(value.id).toEqual(new JsonNumber('326373293255757297982681'));
    expect(value.p).toEqual([new JsonNumber('716.0'), new JsonNumber('-1.5E-3')]);
    expect(value.s).toBe('x');
  });

  it('parses literals, nesting, whitespace and escaped strings like JSON.parse', () => {
    const text = ' { "a" : [ true , false , null , { } , [ ] ] ,\n "b":"q\\"uote \\u00e9\\n" } ';
    expect(parseJsonExact(text)).toEqual(JSON.parse(text));
  });

  it.each(['{"a":1,}', '{"a" 1}', '[1 2]', '{"a":01}', '{"a":1}x', '"open', '{"a":tru}', ''])('rejects %j', (text) => {
    expect(() => parseJsonExact(text)).toThrow(JsonSyntaxError);
  });
});
