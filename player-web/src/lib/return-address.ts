import { returnPath } from '@kort/contracts';

/**
 * Where a signed-out visitor was going, kept through login, registration and a social login as
 * `?next=` (contracts' returnPath: only the app's own addresses are followed).
 */
export function returnAddress(search: string): string | null {
  return returnPath(new URLSearchParams(search).get('next'));
}

/** `/login` or `/register`, carrying the return address when there is one worth keeping. */
export function withReturn(path: '/login' | '/register', next: string | null): string {
  if (!next || next === '/' || next === '/profile') return path;
  return `${path}?next=${encodeURIComponent(next)}`;
}

/** The return address is the door screen's QR (`/game?door=…`): the login says what it is for. */
export function opensDoor(next: string | null): boolean {
  if (!next) return false;
  const url = new URL(next, 'http://app.invalid');
  return url.pathname === '/game' && url.searchParams.has('door');
}
