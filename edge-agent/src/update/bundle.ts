import { createReadStream, existsSync } from 'node:fs';
import { chmod, copyFile, lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { createHash, type KeyObject } from 'node:crypto';
import { dirname, join, relative } from 'node:path';
import * as tar from 'tar';
import { BUNDLE_MANIFEST, BUNDLE_SIGNATURE, type ReleaseManifest, type UpdateReason } from '@kort/contracts';
import { isSafeBundlePath, thisPlatform, verifiedManifest } from './manifest';

/**
 * An agent bundle (docs/decisions/0101-agent-bundle.md): a gzip tar holding `manifest.json`,
 * `manifest.sig` and `files/…`. The manifest is read and its signature checked before anything is
 * written; then only the files it lists are extracted (regular files, nothing outside the folder),
 * and each is hashed against it. One wrong byte anywhere and the folder is removed.
 */

/** The files of `files/` that are a platform's native addon, and where Node loads each from. */
export const NATIVE_ADDONS: Record<string, string> = {
  'epoll.node': 'node_modules/epoll/build/Release/epoll.node',
  'gpio_chardev.node': 'native/gpio-chardev/build/Release/gpio_chardev.node',
};

/** The manifest is small; a bundle claiming a bigger one is not ours. */
const MANIFEST_MAX_BYTES = 4 * 1024 * 1024;

export class BundleRefused extends Error {
  constructor(
    readonly why: UpdateReason,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The signed manifest of the bundle at `file`; BundleRefused('signature') when it is not signed by `key`. */
export async function readManifest(file: string, key: KeyObject): Promise<ReleaseManifest> {
  const heads = new Map<string, Buffer[]>();
  let tooBig = false;
  try {
    await tar.t({
      file,
      onReadEntry: (entry) => {
        if (entry.path !== BUNDLE_MANIFEST && entry.path !== BUNDLE_SIGNATURE) return;
        if (entry.size > MANIFEST_MAX_BYTES) {
          tooBig = true;
          return;
        }
        const chunks: Buffer[] = [];
        heads.set(entry.path, chunks);
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      },
    });
  } catch (error) {
    throw new BundleRefused('file', `not a gzip tar: ${error instanceof Error ? error.message : String(error)}`);
  }
  const manifest = heads.get(BUNDLE_MANIFEST);
  const signature = heads.get(BUNDLE_SIGNATURE);
  if (tooBig || !manifest || !signature) throw new BundleRefused('signature', 'no manifest or no signature');
  let verified: ReleaseManifest | null;
  try {
    verified = verifiedManifest(Buffer.concat(manifest), Buffer.concat(signature).toString('utf8'), key);
  } catch {
    verified = null;
  }
  if (!verified) throw new BundleRefused('signature', 'the manifest signature does not verify');
  for (const path of Object.keys(verified.files)) {
    if (!isSafeBundlePath(path)) throw new BundleRefused('file', `a path outside the release: ${path}`);
  }
  return verified;
}

/**
 * Extracts the listed files into `folder` (which must not exist) and proves each against the
 * manifest: present, its size and its sha256. Throws BundleRefused('file') and removes the folder
 * otherwise.
 */
export async function extractVerified(file: string, manifest: ReleaseManifest, folder: string): Promise<void> {
  await mkdir(folder, { recursive: false });
  try {
    const listed = new Set(Object.keys(manifest.files).map((path) => `files/${path}`));
    await tar.x({
      file,
      cwd: folder,
      strip: 1,
      strict: true,
      preservePaths: false,
      // Only regular files the signed manifest names; directories come from their paths.
      filter: (path, entry) => listed.has(path) && 'type' in entry && entry.type === 'File',
    });
    const found = new Set<string>();
    for (const path of await filesUnder(folder)) found.add(path);
    for (const [path, expected] of Object.entries(manifest.files)) {
      if (!found.delete(path)) throw new BundleRefused('file', `missing: ${path}`);
      const actual = await hashFile(join(folder, path));
      if (actual.size !== expected.size || actual.sha256 !== expected.sha256)
        throw new BundleRefused('file', `changed: ${path}`);
      await chmod(join(folder, path), expected.mode & 0o755);
    }
    if (found.size) throw new BundleRefused('file', `not in the manifest: ${[...found][0]}`);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    if (error instanceof BundleRefused) throw error;
    throw new BundleRefused('file', `cannot extract: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Installs a proven bundle into `folder` (replaced whole): extracted and checked in a staging folder
 * beside it, this platform's native addons put where Node loads them, then renamed into place.
 */
export async function installBundle(file: string, manifest: ReleaseManifest, folder: string): Promise<void> {
  const staging = `${folder}.staging`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(dirname(folder), { recursive: true });
  await extractVerified(file, manifest, staging);
  const platform = thisPlatform();
  for (const [name, destination] of Object.entries(NATIVE_ADDONS)) {
    const source = join(staging, 'native', platform, name);
    if (!existsSync(source)) continue;
    await mkdir(dirname(join(staging, destination)), { recursive: true });
    await copyFile(source, join(staging, destination));
  }
  await rm(folder, { recursive: true, force: true });
  await rename(staging, folder);
}

/** Refuses (`platform`) a bundle built for another platform or another Node ABI than this one. */
export function assertRunsHere(manifest: ReleaseManifest): void {
  const platform = thisPlatform();
  if (!(manifest.platforms as string[]).includes(platform))
    throw new BundleRefused('platform', `built for ${manifest.platforms.join(', ')}, this Pi is ${platform}`);
  if (manifest.nodeAbi !== process.versions.modules)
    throw new BundleRefused(
      'platform',
      `built for Node ABI ${manifest.nodeAbi}, this Node is ${process.versions.modules}`,
    );
}

export async function hashFile(path: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Every regular file below `root`, as forward-slash paths relative to it (symlinks are reported too). */
export async function filesUnder(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() || (await lstat(path)).isSymbolicLink())
        out.push(relative(root, path).split('\\').join('/'));
    }
  };
  await walk(root);
  return out.sort();
}
