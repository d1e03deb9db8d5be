import type { HttpRequest } from './http';

/** The client's address: X-Forwarded-For is believed only from proxies named in TRUST_PROXY. */
export function clientIp(request: HttpRequest): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
