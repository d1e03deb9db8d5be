import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { type ReleaseManifest, releaseManifestSchema } from './fleet';

/**
 * The crypto of agent releases both the API (on upload) and the agent (before installing) apply
 * (docs/decisions/0101-agent-bundle.md). Node only: `@kort/contracts/release-crypto`. Ed25519 over
 * the manifest's exact bytes, so nothing is parsed before it is proven; the key is PEM, or the
 * base64 of its DER (SubjectPublicKeyInfo), the one-line form an environment variable holds.
 */
export function updatePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.startsWith('-----BEGIN')
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the update key must be an Ed25519 public key');
  return key;
}

/** Whether `text` is an Ed25519 public key updatePublicKey takes. */
export function isUpdatePublicKey(text: string): boolean {
  try {
    updatePublicKey(text);
    return true;
  } catch {
    return false;
  }
}

/** The manifest if `signature` (base64) signs `bytes` under `key` and it matches the schema; else null. */
export function verifiedManifest(bytes: Buffer, signature: string, key: KeyObject): ReleaseManifest | null {
  try {
    if (!verify(null, bytes, key, Buffer.from(signature.trim(), 'base64'))) return null;
    const parsed = releaseManifestSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A path a manifest may list: relative, forward slashes, no `.` or `..` parts, no NUL. */
export function isSafeBundlePath(path: string): boolean {
  if (path.length === 0 || path.startsWith('/') || path.includes('\\') || path.includes('\0')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
