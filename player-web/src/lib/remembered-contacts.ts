/**
 * The club's contacts as the API last gave them, kept on the phone: the screens shown without a
 * connection (the failure screen, the service worker's offline page) still say whom to call. Public
 * text an admin wrote, nothing of the account.
 */
import { CONTACTS_KEY, mirrorForOfflinePage } from './offline-page-data';

export function rememberContacts(text: string): void {
  try {
    if (localStorage.getItem(CONTACTS_KEY) === text) return;
    localStorage.setItem(CONTACTS_KEY, text);
  } catch {
    // Storage off or full: the screens then say what to try without a number.
    return;
  }
  mirrorForOfflinePage();
}

export function rememberedContacts(): string | null {
  try {
    return localStorage.getItem(CONTACTS_KEY);
  } catch {
    return null;
  }
}
