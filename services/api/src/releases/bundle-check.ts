import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { BUNDLE_MANIFEST, BUNDLE_SIGNATURE, FleetError, type ReleaseManifest } from '@kort/contracts';
import { isSafeBundlePath, updatePublicKey, verifiedManifest } from '@kort/contracts/release-crypto';
import { KortError } from '../common/kort-error';

/** The manifest a bundle carries is small; anything bigger is not ours. */
const MANIFEST_MAX_BYTES = 4 * 1024 * 1024;

export interface CheckedBundle {
  manifest: ReleaseManifest;
  signature: string;
  sha256: string;
}

/**
 * What the API proves of an uploaded bundle before keeping it (docs/decisions/0101-agent-bundle.md):
 * a gzip tar whose manifest is signed by AGENT_UPDATE_PUBLIC_KEY and whose every file is listed,
 * present once, and of the listed size and sha256; nothing else in it. The agent proves the same
 * again before installing: the API is not trusted with the fleet's code, only with carrying it.
 * Read in memory, never written to disk.
 */
export async function checkBundle(bundle: Buffer, publicKey: string): Promise<CheckedBundle> {
  const heads = new Map<string, Buffer[]>();
  const hashes = new Map<string, { sha256: string; size: number }>();
  const other: string[] = [];
  const parser = new tar.Parser({
    strict: true,
    onReadEntry: (entry) => {
      const path = entry.path;
      if (path === BUNDLE_MANIFEST || path === BUNDLE_SIGNATURE) {
        if (entry.size > MANIFEST_MAX_BYTES) {
          other.push(path);
          return entry.resume();
        }
        const chunks: Buffer[] = [];
        heads.set(path, chunks);
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        return;
      }
      if (entry.type === 'Directory') return entry.resume();
      if (entry.type !== 'File' || !path.startsWith('files/') || hashes.has(path.slice(6))) {
        other.push(path);
        return entry.resume();
      }
      const hash = createHash('sha256');
      let size = 0;
      entry.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      entry.on('end', () => hashes.set(path.slice(6), { sha256: hash.digest('hex'), size }));
    },
  });
  try {
    await pipeline(Readable.from([bundle]), parser);
  } catch (error) {
    if (error instanceof KortError) throw error;
    throw new KortError(FleetError.BundleInvalid);
  }
  const manifestBytes = heads.get(BUNDLE_MANIFEST);
  const signatureBytes = heads.get(BUNDLE_SIGNATURE);
  if (!manifestBytes || !signatureBytes) throw new KortError(FleetError.BundleInvalid);
  const signature = Buffer.concat(signatureBytes).toString('utf8').trim();
  const manifest = verifiedManifest(Buffer.concat(manifestBytes), signature, updatePublicKey(publicKey));
  if (!manifest) throw new KortError(FleetError.BundleUnsigned);
  if (other.length) throw new KortError(FleetError.BundleInvalid, { detail: `Лишний файл в пакете: ${other[0]}` });
  for (const [path, expected] of Object.entries(manifest.files)) {
    const found = hashes.get(path);
    if (!isSafeBundlePath(path) || !found || found.sha256 !== expected.sha256 || found.size !== expected.size)
      throw new KortError(FleetError.BundleUnsigned, { detail: `Файл пакета не совпадает с манифестом: ${path}` });
    hashes.delete(path);
  }
  if (hashes.size)
    throw new KortError(FleetError.BundleInvalid, { detail: `Файл не из манифеста: ${[...hashes.keys()][0]}` });
  return { manifest, signature, sha256: createHash('sha256').update(bundle).digest('hex') };
}
