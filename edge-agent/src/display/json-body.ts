import { type IncomingMessage } from 'node:http';

export type JsonBody = { ok: true; json: unknown } | { ok: false; problem: 'malformed' | 'too-large' };

/**
 * A JSON body of the display's POST endpoints: `application/json` only (a form on another site
 * cannot send that without a CORS preflight, which this server never answers), at most `maxBytes`
 * (reading stops there; the caller closes the connection on `too-large`).
 */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') return { ok: false, problem: 'malformed' };
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return { ok: false, problem: 'too-large' };

  const body = await new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
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
  if (body === null) return { ok: false, problem: 'too-large' };
  try {
    return { ok: true, json: JSON.parse(body.toString('utf8')) as unknown };
  } catch {
    return { ok: false, problem: 'malformed' };
  }
}
