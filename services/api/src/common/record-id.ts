import type { ErrorCode } from '@kort/contracts';
import { KortError } from './kort-error';

const INT_MAX = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id from the path (`/api/admin/users/7`); anything that cannot be one is "not found". */
export function intId(raw: string, notFound: ErrorCode): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > INT_MAX) throw new KortError(notFound);
  return id;
}

export function uuidId(raw: string, notFound: ErrorCode): string {
  if (!UUID.test(raw)) throw new KortError(notFound);
  return raw.toLowerCase();
}
