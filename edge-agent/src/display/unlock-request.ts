import { type IncomingMessage } from 'node:http';
import { keypadMessages, UNLOCK_BODY_MAX_BYTES, unlockBodySchema } from '@kort/contracts';

export type UnlockRequest = { ok: true; pin: string } | { ok: false; status: 400 | 413; detail: string };

/**
 * The body of POST /unlock: JSON only (a form on another site cannot send that without a CORS
 * preflight, which this server never answers), at most UNLOCK_BODY_MAX_BYTES (reading stops there).
 */
export async function readUnlockRequest(req: IncomingMessage): Promise<UnlockRequest> {
  const malformed = { ok: false, status: 400, detail: keypadMessages.malformed } as const;
  const tooLarge = { ok: false, status: 413, detail: keypadMessages.tooLarge } as const;
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') return malformed;
  if (Number(req.headers['content-length'] ?? 0) > UNLOCK_BODY_MAX_BYTES) return tooLarge;

  const body = await new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > UNLOCK_BODY_MAX_BYTES) {
        req.off('data', onData);
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
  if (body === null) return tooLarge;
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return malformed;
  }
  const parsed = unlockBodySchema.safeParse(json);
  return parsed.success ? { ok: true, pin: parsed.data.pin } : malformed;
}
