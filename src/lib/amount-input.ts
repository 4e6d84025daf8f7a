/**
 * What an amount field keeps of what the user typed or pasted (docs/money-input.md). The rule: the
 * field never changes the value of the text. It may drop what carries no value (spaces, a thousands
 * separator that is unmistakably one) and read a lone comma as the decimal point, because some
 * keyboards offer only the comma; anything else it keeps exactly as typed and names the problem, so
 * the form can refuse it with a visible message. It never joins digits across a separator.
 */

/** Why a text is not an amount: not a plain decimal number, or a fraction in a whole-number field. */
export type AmountTextProblem = 'format' | 'wholeOnly';

/** Every kind of space a paste may carry (no-break, narrow no-break, thin) and ordinary ones. */
const SPACES = /[\s\u00a0\u2009\u202f]/g;
const PLAIN = /^\d*\.?\d*$/;
/** Digits grouped by threes with one separator character, e.g. "1,234,567" (the separator is captured). */
const GROUPED = /^\d{1,3}([,.])\d{3}(?:\1\d{3})*$/;

/**
 * The text as the field keeps it: spaces dropped; "150,5" read as "150.5"; "1,234.56" and
 * "1.234,56" (one separator grouping threes, the other last and alone) read as "1234.56"; several
 * groups of three with one separator and no other mark ("1,234,567") read as whole thousands. Text
 * that fits none of these is returned as typed (less its spaces), for {@link amountTextProblem} to name.
 */
export function cleanAmountText(raw: string): string {
  const text = raw.replace(SPACES, '');
  if (PLAIN.test(text)) return text;
  const commas = text.split(',').length - 1;
  const points = text.split('.').length - 1;
  if (commas === 1 && points === 0 && /^\d*,\d*$/.test(text)) return text.replace(',', '.');
  if (commas > 0 && points > 0) {
    const decimal = text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
    const whole = text.slice(0, text.lastIndexOf(decimal));
    const fraction = text.slice(text.lastIndexOf(decimal) + 1);
    const grouping = decimal === ',' ? '.' : ',';
    if (/^\d*$/.test(fraction) && GROUPED.test(whole) && !whole.includes(decimal) && whole.includes(grouping)) {
      return `${whole.split(grouping).join('')}.${fraction}`;
    }
    return text;
  }
  // Two or more of one separator can only be grouping: "1,234,567" or "1.234.567".
  if ((commas > 1 && points === 0) || (points > 1 && commas === 0)) {
    return GROUPED.test(text) ? text.replace(/[,.]/g, '') : text;
  }
  return text;
}

/** The problem with a kept text, or null when it is a plain amount (empty text is the form's own rule). */
export function amountTextProblem(text: string, integer: boolean): AmountTextProblem | null {
  if (text === '') return null;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return 'format';
  if (integer && text.includes('.')) return 'wholeOnly';
  return null;
}

/** The i18n key of each problem's message. */
export const AMOUNT_PROBLEM_KEYS: Record<AmountTextProblem, string> = {
  format: 'send.amount.format',
  wholeOnly: 'send.amount.wholeOnly',
};
