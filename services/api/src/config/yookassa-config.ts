import { isIP } from 'node:net';
import { z } from 'zod';

// The YooKassa shop's settings (payments/): the shop, and the addresses its notifications come from.

/** What a shop needs to take payments, and whom its notifications may come from. */
export interface YooKassaConfig {
  shopId: string;
  secretKey: string;
  apiRoot: string;
}

/**
 * The addresses YooKassa sends its notifications from, as its documentation publishes them
 * (https://yookassa.ru/developers/using-api/webhooks#ip).
 */
export const YOOKASSA_SENDERS = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const;

/** Comma-separated IPv4/IPv6 addresses and CIDRs; each must parse (node:net's BlockList checks them). */
export const cidrList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .refine((parts) => parts.length > 0 && parts.every(isCidr), {
    error: 'must be comma-separated IP addresses or CIDRs (185.71.76.0/27, 2a02:5180::/32)',
  });

function isCidr(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}
