import { Injectable } from '@nestjs/common';
import { isIP, type LookupFunction } from 'node:net';
import { RequestError } from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { AppConfig } from '../config/app-config';
import { NameResolver, type ResolvedAddress } from './name-resolver';
import { forbiddenRange } from './push-addresses';

/** A push's host resolved to an address the rule refuses: nothing was connected to. */
export class PushAddressRefused extends Error {
  constructor(readonly reason: string) {
    super(`push address refused: ${reason}`);
    this.name = 'PushAddressRefused';
  }
}

/** Names that stand for this machine or a private network whatever DNS says (RFC 6761, 6762, 8375; ICANN's .internal). */
const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|home\.arpa)$/;
/** DNS's answers that the name does not exist (or has no address): a refusal, not a pause. */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

/**
 * Where the API may POST a player's pushes. The endpoint comes from a browser, so it is a
 * player's input that makes our server call out: in production (`config.push.publicOnly`) only
 * https on 443 to a push service's name (`config.push.services`), and only while every address
 * that name resolves to is public, so that no player can aim the API at this machine, the club's
 * network or the cloud's metadata. Checked when a device subscribes and again when each push goes:
 * `lookup` is the sockets' resolver, so the connection goes to the addresses just checked (DNS
 * rebinding gets nowhere). Outside production a local push service over http is allowed (the
 * tests' and a developer's).
 */
@Injectable()
export class PushEndpoints {
  constructor(
    private readonly config: AppConfig,
    private readonly resolver: NameResolver,
  ) {}

  /** Why this endpoint's text alone rules it out, or null: the check a stored endpoint gets before a send. */
  textRefusal(endpoint: string): string | null {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return 'not a URL';
    }
    const { publicOnly, services } = this.config.push;
    if (!publicOnly) return url.protocol === 'https:' || url.protocol === 'http:' ? null : `${url.protocol} URL`;
    if (url.protocol !== 'https:') return `${url.protocol} URL, not https`;
    if (url.port !== '') return `port ${url.port}, not 443`;
    if (url.username || url.password) return 'credentials in the URL';
    const host = url.hostname;
    if (host.startsWith('[') || isIP(host) !== 0) {
      const address = host.replace(/^\[|\]$/g, '');
      return `an address (${forbiddenRange(address) ?? 'public'}), not a push service's name`;
    }
    // A push service's name never ends with a dot; `localhost.` would slip past the checks below.
    if (host.endsWith('.')) return 'a name ending with a dot';
    if (!host.includes('.') || LOCAL_NAMES.test(host)) return 'a local name';
    if (services !== 'any' && !services.some((service) => hostMatches(host, service))) {
      return 'not one of PUSH_SERVICES';
    }
    return null;
  }

  /**
   * Why a device may not subscribe with this endpoint, or null: its text, then (in production)
   * every address its name resolves to. DNS that does not answer is «try later», not a refusal.
   */
  async refusalOf(endpoint: string): Promise<string | null> {
    const refusal = this.textRefusal(endpoint);
    if (refusal || !this.config.push.publicOnly) return refusal;
    const host = new URL(endpoint).hostname;
    try {
      await this.checkedAddresses(host);
      return null;
    } catch (error) {
      if (error instanceof PushAddressRefused) return error.reason;
      if (NO_SUCH_NAME.has((error as NodeJS.ErrnoException).code ?? '')) return `${host} does not resolve`;
      throw new KortError(RequestError.Unavailable);
    }
  }

  /**
   * The push sockets' resolver (net.connect's `lookup`): the name's addresses, each checked, so a
   * socket can only go to an address that passed. A refused one fails the connection with
   * PushAddressRefused before anything is sent.
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.checkedAddresses(hostname).then(
      (resolved) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const wanted = family === 4 || family === 6 ? resolved.filter((a) => a.family === family) : resolved;
        const [first] = wanted;
        if (!first) callback(noAddress(hostname), '', 0);
        else if (options.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };

  private async checkedAddresses(host: string): Promise<ResolvedAddress[]> {
    const resolved = await this.resolver.addresses(host);
    if (resolved.length === 0) throw noAddress(host);
    if (this.config.push.publicOnly) {
      for (const { address } of resolved) {
        const range = forbiddenRange(address);
        if (range) throw new PushAddressRefused(`${host} resolves to ${address} (${range})`);
      }
    }
    return resolved;
  }
}

/** An endpoint as a log may show it: scheme, host and port; the path (the subscription's id) never. */
export function maskEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host}/…`;
  } catch {
    return '(not a URL)';
  }
}

/** `fcm.googleapis.com` names itself; `*.push.apple.com` names its subdomains (web.push.apple.com). */
function hostMatches(host: string, service: string): boolean {
  return service.startsWith('*.') ? host.endsWith(service.slice(1)) : host === service;
}

function noAddress(host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host });
}
