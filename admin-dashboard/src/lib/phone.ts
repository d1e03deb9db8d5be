/**
 * A phone as people read it: '+79123456789' (how the API stores it) → '+7 (912) 345-67-89'.
 * Anything else is shown as it is; no phone is '—'.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '—';
  const match = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return match ? `+7 (${match[1]}) ${match[2]}-${match[3]}-${match[4]}` : phone;
}
