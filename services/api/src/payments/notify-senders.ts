import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { BlockList, isIP } from 'node:net';
import { PaymentError } from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { ServerCredentials } from '../common/server-credentials';
import { AppConfig } from '../config/app-config';

/**
 * The addresses YooKassa's notifications may come from (YOOKASSA_NOTIFY_FROM, its published list by
 * default). Its notifications carry no signature: the sender's address is the only proof, and even
 * then Kort acts only on the object read back from YooKassa.
 */
export class NotifySenders {
  private readonly list = new BlockList();

  constructor(cidrs: readonly string[]) {
    for (const cidr of cidrs) {
      const [address = '', bits] = cidr.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(bits), family);
    }
  }

  /** The client's address as Express's trust-proxy setting reveals it (an IPv4-mapped IPv6 read as IPv4). */
  allows(ip: string | undefined): boolean {
    if (!ip) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    const address = mapped ? mapped[1]! : ip;
    const family = isIP(address);
    if (!family) return false;
    return this.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/**
 * The notifications' credential (the 'yookassa-address' of @ServerCall): the caller's address, as
 * TRUST_PROXY reveals it, among YOOKASSA_NOTIFY_FROM; 403 otherwise, before anything is read.
 */
@Injectable()
export class YooKassaAddresses implements OnModuleInit {
  private readonly logger = new Logger('Payments');
  private readonly senders: NotifySenders;

  constructor(
    private readonly credentials: ServerCredentials,
    config: AppConfig,
  ) {
    this.senders = new NotifySenders(config.yookassaNotifyFrom);
  }

  onModuleInit(): void {
    this.credentials.register('yookassa-address', (request) => {
      if (this.senders.allows(request.ip)) return;
      this.logger.warn({ ip: request.ip }, 'YooKassa notification refused: not from its addresses');
      throw new KortError(PaymentError.NotifyRefused);
    });
  }
}
