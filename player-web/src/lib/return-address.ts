/**
 * Where a signed-out visitor was going, kept through login and registration as `?next=` (a door
 * link scanned while signed out must still open the door once signed in). Only the app's own
 * addresses are followed: a path from `/`, never `//host` nor an auth screen.
 */
export function returnAddress(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/^\/(login|register|activate)(?:[/?#]|$)/.test(next)) return null;
  return next;
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
