// The account limits and the password rule as plain code, without zod or IDNA: the registration and
// password screens import them, and accounts.ts (schemas, canonicalEmail over tr46) would bring both
// into those screens' script. The request schemas that apply them are in accounts.ts.
import { messages } from './messages';
import { textRuleProblem, type TextRule } from './visible-text';

/** Account limits: the spec's constants, and the lengths docs/security.md gives. */
export const limits = {
  nameMaxLength: 25,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  emailMaxLength: 254,
  codeLength: 4,
} as const;

/** Length in characters as people count them (code points), not UTF-16 units. */
export const characterCount = (value: string): number => [...value].length;

/**
 * A player's name (registration, the profile, what others see on the schedule): one line of at
 * most 25 characters that can be seen and hides nothing (visible-text.ts).
 */
export const nameRule: TextRule = {
  kind: 'line',
  max: limits.nameMaxLength,
  required: messages.nameRequired,
  unsafe: messages.nameUnsafe,
  tooLong: messages.nameTooLong,
};

/** The text the name field shows under it, or null (the forms' check before the server's). */
export const nameProblem = (name: string): string | null => textRuleProblem(name, nameRule);

/**
 * The spec's password rule: at least 8 characters with a lowercase and an uppercase letter, a digit
 * and a special character. Letters of any script count (a Cyrillic password is a real password);
 * nothing is truncated, and 128 characters are accepted. Returns the text to show, or null.
 */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return messages.passwordRequired;
  const length = characterCount(password);
  if (length < limits.passwordMinLength) return messages.passwordTooShort;
  if (length > limits.passwordMaxLength) return messages.passwordTooLong;
  const strong =
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}\s]/u.test(password);
  return strong ? null : messages.passwordWeak;
}
