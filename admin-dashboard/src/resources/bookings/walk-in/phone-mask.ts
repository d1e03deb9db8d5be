/**
 * The +7 mask of a guest's phone as the desk types it: «+7 (916) 123-45-67» on screen, '+79161234567'
 * on the wire (how the API keeps phones, lib/phone.ts). A number typed or pasted with its 8 or 7
 * first («8 916 …», «+7 916 …») keeps its ten digits.
 */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  const national =
    text.trim().startsWith('+7') || (digits.length > 10 && /^[78]/.test(digits)) ? digits.slice(1) : digits;
  return national.slice(0, 10);
}

/** The digits so far in the mask; nothing typed is an empty field. */
export function maskPhone(digits: string): string {
  if (!digits) return '';
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 8), digits.slice(8, 10)];
  let text = `+7 (${parts[0]}`;
  if (digits.length > 3) text += `) ${parts[1]}`;
  if (digits.length > 6) text += `-${parts[2]}`;
  if (digits.length > 8) text += `-${parts[3]}`;
  return text;
}

/**
 * The digits after an edit of the masked field showing `previous`. A first 8 or 7 is the trunk
 * prefix and is dropped. Erasing one of the mask's own characters (a bracket,
 * a dash) erases the digit before it, so backspace never seems stuck.
 */
export function editedDigits(previous: string, typed: string): string {
  const digits = phoneDigits(typed);
  // «8» or «7» first, as people dial: the mask's +7 already says it (a code such as 812 is typed after it).
  if (previous === '' && /^[78]$/.test(digits)) return '';
  if (typed.length < maskPhone(previous).length && digits === previous) return digits.slice(0, -1);
  return digits;
}
