import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { isHttps } from '../common/http';

/**
 * The browser-side rules every answer carries (docs/security.md): what a page may load, that it
 * is never framed, that no referrer leaves the club's origin, and that a browser which reached us
 * over https keeps to https. One policy for the player app, the dashboard, the API and Swagger UI:
 * all of them load only their own files.
 *
 * - Scripts come from our origin only: no inline script and no `eval` (Vite builds none; Swagger
 *   UI's start script is a file of its own).
 * - Styles may be inline: React and MUI (react-admin) write `style` attributes and emotion inserts
 *   `<style>` elements at run time. An injected style cannot run code.
 * - Images and fonts from our origin and `data:` (MUI's icons, Swagger UI's, the QR code).
 * - `connect-src 'self'`: the API and socket.io (a same-origin `ws:`/`wss:` URL counts as 'self'
 *   in CSP Level 3 browsers).
 * - `worker-src`/`media-src` `blob:`: the QR scanner's camera stream.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** 180 days, this host only: the club's subdomains (if any) are not ours to pin. */
const HSTS_MAX_AGE_S = 180 * 24 * 60 * 60;

/**
 * helmet with Kort's policy. HSTS is sent only on a request that came over https (directly, or via
 * the trusted proxy's X-Forwarded-Proto): over plain http the header means nothing to a browser
 * and would only confuse a reader of the answers.
 *
 * helmet decides the headers; it decides them once. Kort's policy has no per-request part (no
 * nonce), so each of helmet's two configurations is run once against a recording response at start
 * and every answer gets the recorded headers: one loop of setHeader instead of helmet's twelve
 * middlewares a request.
 */
export function securityHeaders(): (request: FastifyRequest, reply: FastifyReply) => void {
  const common = {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // The player app opens no popups and is opened by none; the default `same-origin` is right.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'no-referrer' as const },
    xPoweredBy: false,
  };
  const overHttps = recorded(
    helmet({ ...common, strictTransportSecurity: { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } }),
  );
  const overHttp = recorded(helmet({ ...common, strictTransportSecurity: false }));
  // On the raw response: an answer Fastify does not write itself (a web app's file) carries them
  // too, and a header a handler sets on the reply still wins.
  return (request, reply) => {
    for (const [name, value] of isHttps(request) ? overHttps : overHttp) reply.raw.setHeader(name, value);
  };
}

/** The headers a helmet middleware sets, in its order, read by running it once on a recorder. */
function recorded(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let synchronous = false;
  middleware({} as never, recorder as never, () => (synchronous = true));
  // helmet calls next() before returning; a later helmet that did not would answer with nothing set.
  if (!synchronous) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
