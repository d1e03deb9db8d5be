import { type IncomingMessage } from 'node:http';
import { keypadMessages, UNLOCK_BODY_MAX_BYTES, unlockBodySchema } from '@kort/contracts';
import { readJsonBody } from './json-body';

export type UnlockRequest = { ok: true; pin: string } | { ok: false; status: 400 | 413; detail: string };

/** The body of POST /unlock: JSON only, at most UNLOCK_BODY_MAX_BYTES (json-body.ts). */
export async function readUnlockRequest(req: IncomingMessage): Promise<UnlockRequest> {
  const malformed = { ok: false, status: 400, detail: keypadMessages.malformed } as const;
  const body = await readJsonBody(req, UNLOCK_BODY_MAX_BYTES);
  if (!body.ok)
    return body.problem === 'too-large' ? { ok: false, status: 413, detail: keypadMessages.tooLarge } : malformed;
  const parsed = unlockBodySchema.safeParse(body.json);
  return parsed.success ? { ok: true, pin: parsed.data.pin } : malformed;
}
