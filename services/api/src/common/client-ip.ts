import type { Request } from 'express';

/** The client's address: X-Forwarded-For is believed only from proxies named in TRUST_PROXY. */
export function clientIp(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
