/**
 * Canonical decimal text for wire numbers. HTX prints doubles Java style (`716.0`, `9.121E-7`,
 * `5.985618685709001E8`) and old REST replies pad to 18 decimals; the UI wants one plain form that
 * big.js reads and that compares equal for equal values: no exponent, no leading zeros, no trailing
 * fractional zeros, `0` for zero.
 */

const NUMBER = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([-+]?[0-9]+))?$/;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/**
 * Whether `token` is already plain decimal text (and so a valid JSON number): `-?(0|[1-9][0-9]*)`,
 * then `.` and digits not ending in 0; `-0` is not (it reads `0`). Most of the feed's numbers are,
 * so they skip the regular expressions and the copies (the decode's share of the worker's time).
 */
export function isPlainDecimal(token: string): boolean {
  const end = token.length;
  let i = token.charCodeAt(0) === 45 ? 1 : 0;
  const first = token.charCodeAt(i);
  if (first === 48) {
    if (i + 1 === end) return i === 0;
    if (token.charCodeAt(++i) !== 46) return false;
  } else {
    if (!isDigit(first)) return false;
    while (i < end && isDigit(token.charCodeAt(i))) i++;
    if (i === end) return true;
    if (token.charCodeAt(i) !== 46) return false;
  }
  const fraction = ++i;
  while (i < end && isDigit(token.charCodeAt(i))) i++;
  return i === end && i > fraction && token.charCodeAt(end - 1) !== 48;
}

/** Turns a JSON number token into plain decimal text. Throws on anything that is not a number. */
export function canonicalDecimal(token: string): string {
  if (isPlainDecimal(token)) return token;
  const match = NUMBER.exec(token);
  if (!match) throw new Error(`not a decimal number: "${token}"`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  const leading = /^0*/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(leading);
  point -= leading;
  digits = digits.replace(/0+$/, '');
  if (digits === '') return '0';
  let text: string;
  if (point <= 0) text = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) text = digits + '0'.repeat(point - digits.length);
  else text = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign + text;
}

/** Compares two decimal texts exactly: -1, 0 or 1 as `a` is below, equal to or above `b`. Throws on a non-number. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const x = canonicalDecimal(a);
  const y = canonicalDecimal(b);
  const xNegative = x.startsWith('-');
  if (xNegative !== y.startsWith('-')) return xNegative ? -1 : 1;
  const sign = xNegative ? -1 : 1;
  const [xWhole = '', xFraction = ''] = x.replace('-', '').split('.');
  const [yWhole = '', yFraction = ''] = y.replace('-', '').split('.');
  if (xWhole.length !== yWhole.length) return xWhole.length > yWhole.length ? (sign as 1 | -1) : (-sign as 1 | -1);
  const width = Math.max(xFraction.length, yFraction.length);
  const xDigits = xWhole + xFraction.padEnd(width, '0');
  const yDigits = yWhole + yFraction.padEnd(width, '0');
  if (xDigits === yDigits) return 0;
  return xDigits > yDigits ? (sign as 1 | -1) : (-sign as 1 | -1);
}
