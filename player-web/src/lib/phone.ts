/** The spec's phone mask: +7 (999) 999-99-99 on screen, '+7' and digits on the wire. */
export function formatPhone(input: string): string {
  const digits = phoneDigits(input);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 8), digits.slice(8, 10)];
  let out = '+7';
  if (parts[0]) out += ` (${parts[0]}${parts[0].length === 3 ? ')' : ''}`;
  if (parts[1]) out += ` ${parts[1]}`;
  if (parts[2]) out += `-${parts[2]}`;
  if (parts[3]) out += `-${parts[3]}`;
  return out;
}

/** The ten digits after +7 that were typed (a leading 7 or 8 of the country code is dropped). */
export function phoneDigits(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+7') || /^[78]\d{10}$/.test(digits)) digits = digits.slice(1);
  return digits.slice(0, 10);
}

/** What register sends: '+7' and the digits, or nothing at all when no digit was typed. */
export function phoneForApi(input: string): string | undefined {
  const digits = phoneDigits(input);
  return digits ? `+7${digits}` : undefined;
}
