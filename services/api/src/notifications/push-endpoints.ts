import { isIP } from 'node:net';

/**
 * Whether the API may POST pushes to this endpoint. The endpoint comes from a browser, so it is
 * a player's input that makes our server call out: in production only an https push service by
 * name (FCM, Mozilla, Apple, Microsoft all are), never an address literal or this machine, which
 * would let a player aim the API at the club's own network. Outside production a local push
 * service over http (the tests' and a developer's) is allowed.
 */
export function pushEndpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (!production) return url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return (
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    isIP(host) === 0 &&
    host.includes('.') &&
    !/(^|\.)localhost$/i.test(host)
  );
}
