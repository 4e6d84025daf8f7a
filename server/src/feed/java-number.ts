/**
 * Number text the way the real (Java) server prints it. A Java `double` prints with at least one
 * decimal (`716.0`) and switches to `d.dddE±n` below 1e-3 or from 1e7 up (`9.121E-7`,
 * `8.181588598785326E8`), with the shortest digits that read back to the same double.
 */
export function javaDouble(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa = '', exponent = ''] = value.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${exponent.startsWith('+') ? exponent.slice(1) : exponent}`;
}

/** A Java `long`: a plain integer. */
export function javaLong(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
  return String(value);
}

/** The exact decimal text of a double's shortest form, never in exponent notation (`9.121E-7` -> `0.0000009121`). */
export function plainDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  const negative = value < 0;
  const [mantissa = '', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '');
  let result: string;
  if (exponent < 0) result = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  else if (digits.length <= exponent + 1) result = digits + '0'.repeat(exponent + 1 - digits.length);
  else result = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  return negative ? `-${result}` : result;
}
