/**
 * An authenticator code as typed or pasted: spaces are allowed ("123 456" as apps group it) and
 * ignored; anything else must be exactly six digits. The text itself is never rewritten.
 */
export const oneTimeCodeDigits = (text: string): string => text.replace(/\s/g, '');

/** Whether the text is a whole code, ready to send. */
export const isOneTimeCode = (text: string): boolean => /^\d{6}$/.test(oneTimeCodeDigits(text));
