import { z } from 'zod';
import { isUpdatePublicKey } from '@kort/contracts/release-crypto';

// Value types of the environment's settings that app-config.ts's schema shares.

/** Whole minutes within a range, read from the environment's text. */
export const minutes = (min: number, max: number) => {
  const error = `must be a whole number of minutes from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

export const timezone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { error: 'must be an IANA time zone such as Europe/Moscow' },
);

/** The Ed25519 key agent releases are signed with: base64 DER (one line) or PEM. */
export const updatePublicKey = z
  .string()
  .refine(isUpdatePublicKey, { error: 'must be an Ed25519 public key (npm run agent:keys prints it)' });
