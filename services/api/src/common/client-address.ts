import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * The client's address as Express's `request.ip` reads it, for requests Express never sees (the
 * socket.io handshakes): X-Forwarded-For is believed only from the peers TRUST_PROXY names, so
 * behind nginx every agent is not nginx's one address, and a client cannot pick its own.
 */
export function clientAddressReader(trustProxy: string): (request: IncomingMessage) => string {
  const trust =
    trustProxy === 'true'
      ? () => true
      : trustProxy === 'false'
        ? () => false
        : proxyaddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (request) => proxyaddr(request, trust);
}
