import { z } from 'zod';
import { messages } from './messages';
import type { SocialProvider } from './social';

/** Limits of spec section 9 and ARCHITECTURE.md section 4. */
export const limits = {
  nameMaxLength: 25,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  emailMaxLength: 254,
  codeLength: 4,
} as const;

const characters = (value: string): number => [...value].length;

/**
 * The spec's password rule: at least 8 characters with a lowercase and an uppercase letter, a digit
 * and a special character. Letters of any script count (a Cyrillic password is a real password);
 * nothing is truncated, and 128 characters are accepted. Returns the text to show, or null.
 */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return messages.passwordRequired;
  const length = characters(password);
  if (length < limits.passwordMinLength) return messages.passwordTooShort;
  if (length > limits.passwordMaxLength) return messages.passwordTooLong;
  const strong =
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}\s]/u.test(password);
  return strong ? null : messages.passwordWeak;
}

/** E-mails are compared case-insensitively: we keep them trimmed and lowercased. */
export const emailSchema = z
  .string({ error: messages.emailInvalid })
  .trim()
  .toLowerCase()
  .max(limits.emailMaxLength, { error: messages.emailInvalid })
  .pipe(z.email({ error: messages.emailInvalid }));

/** Phones are sent as '+7' and ten digits (the mask +7 (999) 999-99-99 without decoration). */
export const phoneSchema = z
  .string({ error: messages.phoneInvalid })
  .regex(/^\+7\d{10}$/, { error: messages.phoneInvalid });

/** The phone is optional: the client sends it only when digits were typed. */
export const optionalPhoneSchema = z
  .union([phoneSchema, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

export const nameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, { error: messages.nameRequired })
  .refine((name) => characters(name) <= limits.nameMaxLength, { error: messages.nameTooLong });

export const codeSchema = z.string({ error: messages.codeInvalid }).regex(/^\d{4}$/, { error: messages.codeInvalid });

/** Passwords are never trimmed: a space is a character the player chose. */
const passwordField = z.string({ error: messages.passwordRequired });

export const checkPhoneBody = z.object({ email: emailSchema });
export const loginBody = z.object({ email: emailSchema, password: passwordField });
export const regPhoneBody = z.object({ email: emailSchema, phone_number: optionalPhoneSchema });
export const registerBody = z.object({
  email: emailSchema,
  phone_number: optionalPhoneSchema,
  name_user: nameSchema,
  password1: passwordField,
  password2: passwordField,
});
export const activateBody = z.object({ email: emailSchema, code: codeSchema });
export const resetRequestBody = z.object({ email: emailSchema });
/** POST /api/resend_activation_code/: a new activation code for the address (issue 19). */
export const resendCodeBody = z.object({ email: emailSchema });
export const verifyCodeBody = z.object({ code: codeSchema, email: emailSchema.optional() });
/** Password fields of the reset and change calls are checked by the service (422/423/424). */
const newPasswordField = z.string({ error: messages.newPasswordsBad }).nullish();
export const resetPasswordBody = z.object({
  email: emailSchema,
  password1: newPasswordField,
  password2: newPasswordField,
});
export const changePasswordBody = z.object({ password1: newPasswordField, password2: newPasswordField });

export type CheckPhoneBody = z.input<typeof checkPhoneBody>;
export type LoginBody = z.input<typeof loginBody>;
export type RegPhoneBody = z.input<typeof regPhoneBody>;
export type RegisterBody = z.input<typeof registerBody>;
export type ActivateBody = z.input<typeof activateBody>;
export type ResetRequestBody = z.input<typeof resetRequestBody>;
export type VerifyCodeBody = z.input<typeof verifyCodeBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export type Role = 'player' | 'admin';

/** GET /api/profile/ */
export interface ProfileDetail {
  email: string;
  phone_number: string | null;
  name: string;
  /** The Russian label the profile shows. */
  role: string;
  role_code: Role;
  /** The player's personal iCalendar feed of their games, or null when switched off. */
  calendar_url: string | null;
  /** Providers this account can log in with besides its password (VK ID, Yandex ID). */
  linked_providers: SocialProvider[];
}
