import { toASCII, toUnicode } from 'tr46';
import { z } from 'zod';
import type { SiteSummary } from './sites';
import { characterCount, limits, nameRule } from './account-rules';
import { messages } from './messages';
import type { SocialProvider } from './social';
import { visibleText } from './visible-text-schema';

/** The part before the @: letters and digits of any script, and the signs addresses use. */
const LOCAL_PART = /^(?:[\p{L}\p{M}\p{N}_'+-]+\.)*[\p{L}\p{M}\p{N}_'+-]+$/u;
/** A host name in ASCII (after IDNA): labels of letters, digits and inner hyphens, a real TLD. */
const ASCII_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * An address in its one stored form, or null when it is not an address. Domains go through IDNA
 * (UTS #46, the tr46 library browsers' URL parsers follow), so `Игрок@Пример.РФ` and
 * `игрок@xn--e1afmkfd.xn--p1ai` are the same account: `игрок@пример.рф`, as people write it. The
 * local part is compared case-insensitively, as before (and Unicode-normalised).
 */
export function canonicalEmail(input: string): string | null {
  const address = input.trim().normalize('NFC');
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).toLowerCase();
  if (at < 1 || characterCount(local) > 64 || !LOCAL_PART.test(local)) return null;
  const ascii = toASCII(address.slice(at + 1), {
    checkBidi: true,
    checkHyphens: true,
    checkJoiners: true,
    useSTD3ASCIIRules: true,
    verifyDNSLength: true,
  });
  if (!ascii || !ASCII_DOMAIN.test(ascii)) return null;
  const { domain, error } = toUnicode(ascii, { checkBidi: true, checkHyphens: true, checkJoiners: true });
  return error ? null : `${local}@${domain}`;
}

/** E-mails are kept and compared in their canonical form (canonicalEmail). */
export const emailSchema = z
  .string({ error: messages.emailInvalid })
  .max(limits.emailMaxLength, { error: messages.emailInvalid })
  .transform((value, context) => {
    const email = canonicalEmail(value);
    if (email && email.length <= limits.emailMaxLength) return email;
    context.addIssue({ code: 'custom', message: messages.emailInvalid });
    return z.NEVER;
  });

/** Phones are sent as '+7' and ten digits (the mask +7 (999) 999-99-99 without decoration). */
export const phoneSchema = z
  .string({ error: messages.phoneInvalid })
  .regex(/^\+7\d{10}$/, { error: messages.phoneInvalid });

/** The phone is optional: the client sends it only when digits were typed. */
export const optionalPhoneSchema = z
  .union([phoneSchema, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

/** A player's name by its rule (account-rules.ts' nameRule): stored trimmed and composed (NFC). */
export const nameSchema = visibleText(nameRule);

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
/** POST /api/resend_activation_code/: a new activation code for the address. */
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
/** PATCH /api/profile/: the player's own name and phone, by registration's rules (an empty phone removes it). */
export const profileEditBody = z.object({ name: nameSchema, phone_number: optionalPhoneSchema });

export type CheckPhoneBody = z.input<typeof checkPhoneBody>;
export type LoginBody = z.input<typeof loginBody>;
export type RegPhoneBody = z.input<typeof regPhoneBody>;
export type RegisterBody = z.input<typeof registerBody>;
export type ActivateBody = z.input<typeof activateBody>;
export type ResetRequestBody = z.input<typeof resetRequestBody>;
export type VerifyCodeBody = z.input<typeof verifyCodeBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
export type ProfileEditBody = z.input<typeof profileEditBody>;

/**
 * `owner` runs every site (creates sites, assigns admins; what `npm run admin:create` makes);
 * `admin` runs the sites assigned to them; both are admins to the spec's calls (`is_admin`).
 */
export const ROLES = ['player', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** Whether a role runs a club from the dashboard (an owner, or a site's admin). */
export const isAdminRole = (role: Role): boolean => role === 'admin' || role === 'owner';

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
  /** The site the player's calls act on now (POST /api/site/ changes it). */
  site: SiteSummary;
}
