import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { BUNDLE_MANIFEST, BUNDLE_SIGNATURE, type ReleaseManifest } from '@kort/contracts';

const repo = resolve(__dirname, '../../../..');
const run = promisify(execFile);

/** An Ed25519 pair: the private key (PEM, for agent-release.mjs too) and the public key as the API takes it. */
export interface ReleaseKey {
  privateKey: KeyObject;
  /** AGENT_UPDATE_PUBLIC_KEY: the base64 of the DER, one line. */
  publicKey: string;
  /** The private key in a file, as `npm run agent:release -- --key` reads it. */
  file: string;
}

export interface Bundle {
  version: string;
  bytes: Buffer;
  sha256: string;
}

const workDirs: string[] = [];
function workDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `kort-${label}-`));
  workDirs.push(dir);
  return dir;
}

/** Removes what this file's bundles and keys left in the temp folder. */
export function cleanUp(): void {
  for (const dir of workDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function releaseKey(): ReleaseKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const file = join(workDir('key'), 'agent-update.key');
  writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  return { privateKey, file, publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64') };
}

const describe = (version: string, bytes: Buffer): Bundle => ({
  version,
  bytes,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

/** The agent as built (`npm run build`), for this machine, by `npm run agent:release`'s own script. */
export async function builtBundle(key: ReleaseKey, version: string): Promise<Bundle> {
  const out = workDir('release');
  const platform = `${process.platform}-${process.arch}`;
  await run(process.execPath, [
    join(repo, 'scripts/agent-release.mjs'),
    ...['--version', version, '--key', key.file, '--out', out, '--platforms', platform, '--no-compile'],
  ]);
  return describe(version, readFileSync(join(out, `kort-agent-${version}.tar.gz`)));
}

/**
 * A small bundle laid out as agent-release.mjs lays one out (manifest.json, manifest.sig, files/),
 * in a moment instead of seconds: for the tests that need many versions, not the agent's code.
 */
export async function smallBundle(key: ReleaseKey, version: string): Promise<Bundle> {
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify({ name: '@kort/edge-agent', version })}\n`,
    'dist/cli.js': `console.log('kort agent ${version}');\n`,
  };
  const work = workDir('bundle');
  const listed: ReleaseManifest['files'] = {};
  for (const [path, text] of Object.entries(files)) {
    const file = join(work, 'files', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    const bytes = Buffer.from(text);
    listed[path] = { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length, mode: 0o644 };
  }
  const manifest: ReleaseManifest = {
    format: 1,
    version,
    minApiVersion: '0.1.0',
    createdAt: new Date().toISOString(),
    platforms: ['linux-arm64', 'linux-x64'],
    nodeAbi: process.versions.modules,
    files: listed,
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
  writeFileSync(join(work, BUNDLE_MANIFEST), manifestBytes);
  writeFileSync(join(work, BUNDLE_SIGNATURE), `${sign(null, manifestBytes, key.privateKey).toString('base64')}\n`);
  return pack(version, work);
}

/** The bundle with `path` (under files/) changed by `change`, its signed manifest left as it was. */
export async function tampered(bundle: Bundle, path: string, change: (text: string) => string): Promise<Bundle> {
  const work = workDir('tamper');
  const archive = join(work, 'in.tar.gz');
  writeFileSync(archive, bundle.bytes);
  const tree = join(work, 'tree');
  mkdirSync(tree);
  await tar.x({ file: archive, cwd: tree });
  const file = join(tree, 'files', path);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
  return pack(bundle.version, tree);
}

async function pack(version: string, tree: string): Promise<Bundle> {
  const file = join(workDir('packed'), 'bundle.tar.gz');
  await tar.c({ gzip: true, file, cwd: tree, portable: true, noMtime: true }, [
    BUNDLE_MANIFEST,
    BUNDLE_SIGNATURE,
    'files',
  ]);
  return describe(version, readFileSync(file));
}
