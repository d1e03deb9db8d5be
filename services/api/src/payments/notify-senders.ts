import { BlockList, isIP } from 'node:net';

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
