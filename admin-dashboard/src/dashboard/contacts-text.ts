/** What the club's contacts setting was seeded with: shown to players until an admin replaces it. */
export const SEEDED_PHONE = '+7 (900) 000-00-00';
export const SEEDED_EMAIL = 'support@kort.local';

/** The setting still holds a seeded phone or e-mail. */
export const isSeeded = (value: string) => value.includes(SEEDED_PHONE) || value.includes(SEEDED_EMAIL);

/** '+7 (912) 345-67-89' from any way of typing a Russian mobile (8 912…, +7912…, 912…); null if it is not one. */
export function clubPhone(typed: string): string | null {
  let digits = typed.replace(/\D/g, '');
  if (digits.length === 10) digits = `7${digits}`;
  if (digits.length !== 11 || !/^[78]/.test(digits)) return null;
  const [, a, b, c, d] = /^\d(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(digits)!;
  return `+7 (${a}) ${b}-${c}-${d}`;
}

export const isEmail = (typed: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed.trim());

/**
 * The setting with the seeded phone and e-mail replaced, the rest of its text (the hours, the
 * wording) kept; lines are added for a phone or e-mail the text no longer holds.
 */
export function withContacts(value: string, phone: string, email: string): string {
  let text = value.replaceAll(SEEDED_PHONE, phone).replaceAll(SEEDED_EMAIL, email.trim());
  if (!text.includes(phone)) text = `Телефон: ${phone}\n${text}`;
  if (!text.includes(email.trim())) text = `${text}\nПочта: ${email.trim()}`;
  return text;
}
