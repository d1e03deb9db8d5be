/** The spec's phone mask: +7 (999) 999-99-99 on screen, '+7' and digits on the wire. */
export function formatPhone(input: string): string {
  const { digits, countryCode } = parsePhone(input);
  if (!digits) return countryCode ? '+7 (' : '';
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 8), digits.slice(8, 10)];
  let out = '+7';
  if (parts[0]) out += ` (${parts[0]}${parts[0].length === 3 ? ')' : ''}`;
  if (parts[1]) out += ` ${parts[1]}`;
  if (parts[2]) out += `-${parts[2]}`;
  if (parts[3]) out += `-${parts[3]}`;
  return out;
}

/** The ten digits after +7 that were typed (the country code, however typed, is not one of them). */
export function phoneDigits(input: string): string {
  return parsePhone(input).digits;
}

/** What register sends: '+7' and the digits, or nothing at all when no digit was typed. */
export function phoneForApi(input: string): string | undefined {
  const digits = phoneDigits(input);
  return digits ? `+7${digits}` : undefined;
}

/**
 * The field's text as the number's digits, and whether a country code is in it. The field is
 * re-read on every key, so three shapes meet here: the mask's own (`+7 (916) 12`: every digit after
 * the +7 is the number's), `+7` followed by digits (a number stored or pasted, or a 7 or 8 typed
 * just after the +7), and bare digits (the first key, or a paste). A leading 8 or 7 there is the
 * country code, however typed (`8916…` key by key, `+7916…`, `8 916 …`), unless ten digits
 * follow the +7 or stand alone: then they are the whole number (`+78123456789`, `8123456789`).
 */
function parsePhone(input: string): { digits: string; countryCode: boolean } {
  const text = input.trim();
  const all = text.replace(/\D/g, '');
  if (/^\+7\s*\(/.test(text)) return { digits: all.slice(1, 11), countryCode: true };
  const rest = text.startsWith('+7') ? all.slice(1) : all;
  if (/^[78]/.test(rest) && rest.length !== 10) return { digits: rest.slice(1, 11), countryCode: true };
  return { digits: rest.slice(0, 10), countryCode: rest.length > 0 };
}
