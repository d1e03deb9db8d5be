import { Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The addresses a host name stands for: DNS behind an injectable, so that the push address rule
 * asks it and a test can answer for it.
 */
export abstract class NameResolver {
  /** Every address, as the connection would get them; rejects with DNS's own error (`code`: ENOTFOUND…). */
  abstract addresses(host: string): Promise<ResolvedAddress[]>;
}

/** The system's resolver (getaddrinfo: /etc/hosts, then DNS), the one Node's sockets use by default. */
@Injectable()
export class SystemResolver extends NameResolver {
  async addresses(host: string): Promise<ResolvedAddress[]> {
    const answers = await lookup(host, { all: true, verbatim: true });
    return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  }
}
