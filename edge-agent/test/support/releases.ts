import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import * as tar from 'tar';
import { type ReleaseTarget } from '@kort/contracts';
import { tempDir } from './helpers';

const repo = resolve(__dirname, '../../..');

export interface Bundle {
  file: string;
  version: string;
  sha256: string;
  size: number;
}

export interface ReleaseKit {
  publicKey: string;
  otherKeyFile: string;
  keyFile: string;
  dir: string;
}

/**
 * Two Ed25519 pairs: the fleet's, and a stranger's (a bundle signed by it must be refused). One kit
 * for the whole run (under KORT_TEST_TMP), made once: the first worker to get there renames its kit
 * into place and the others use it.
 */
export function releaseKit(): ReleaseKit {
  const dir = join(process.env.KORT_TEST_TMP ?? tempDir(), 'release-kit');
  if (!existsSync(join(dir, 'keys/agent-update.pub'))) {
    const making = tempDir('kort-kit-');
    execFileSync(process.execPath, [join(repo, 'scripts/agent-keys.mjs'), '--out', join(making, 'keys')]);
    execFileSync(process.execPath, [join(repo, 'scripts/agent-keys.mjs'), '--out', join(making, 'stranger')]);
    try {
      renameSync(making, dir);
    } catch {
      // Another worker's kit is in place: use it.
    }
  }
  return {
    dir,
    keyFile: join(dir, 'keys/agent-update.key'),
    otherKeyFile: join(dir, 'stranger/agent-update.key'),
    publicKey: readFileSync(join(dir, 'keys/agent-update.pub'), 'utf8').trim(),
  };
}

/**
 * A bundle of the agent as built (dist/), for this machine only, with `npm run agent:release`'s
 * script; built once per run and folder (a worker links its bundle into place, or uses the one there).
 */
export function buildBundle(kit: ReleaseKit, version: string, keyFile = kit.keyFile, out = kit.dir): Bundle {
  const platform = `${process.platform}-${process.arch}`;
  const made = join(out, `kort-agent-${version}.tar.gz`);
  if (!existsSync(made)) {
    const scratch = tempDir('kort-bundle-');
    execFileSync(
      process.execPath,
      [
        join(repo, 'scripts/agent-release.mjs'),
        ...['--version', version, '--key', keyFile, '--out', scratch, '--platforms', platform, '--no-compile'],
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    mkdirSync(out, { recursive: true });
    try {
      linkSync(join(scratch, `kort-agent-${version}.tar.gz`), made);
    } catch {
      // Another worker's bundle is in place: use it.
    }
  }
  return describeBundle(made, version);
}

export function describeBundle(file: string, version: string): Bundle {
  const data = readFileSync(file);
  return { file, version, sha256: createHash('sha256').update(data).digest('hex'), size: data.length };
}

/** The bundle with one file of `files/` changed and its signed manifest left as it was. */
export async function tamperedBundle(bundle: Bundle, path: string, out: string): Promise<Bundle> {
  const work = tempDir('kort-tamper-');
  await tar.x({ file: bundle.file, cwd: work });
  appendFileSync(join(work, 'files', path), '\n// one line more\n');
  mkdirSync(out, { recursive: true });
  const file = join(out, `tampered-${bundle.version}.tar.gz`);
  await tar.c({ gzip: true, file, cwd: work, portable: true }, ['manifest.json', 'manifest.sig', 'files']);
  return describeBundle(file, bundle.version);
}

export const targetOf = (bundle: Bundle, force = false, apiVersion = '0.1.0'): ReleaseTarget => ({
  version: bundle.version,
  sha256: bundle.sha256,
  size: bundle.size,
  apiVersion,
  force,
});

/**
 * The API's download route in small: GET /api/edge/releases/<version> with the agent's token and
 * Range. `cutOnce` ends the first answer after that many bytes (a dropped link mid-download).
 */
export async function bundleServer(bundles: Bundle[], token: string) {
  const requests: { version: string; range: string | undefined; authorized: boolean }[] = [];
  const control = { cutOnce: 0 };
  const server: Server = createServer((request, response) => {
    const match = /^\/api\/edge\/releases\/([^/]+)$/.exec(request.url ?? '');
    const authorized = request.headers.authorization === `Bearer ${token}`;
    const version = decodeURIComponent(match?.[1] ?? '');
    requests.push({ version, range: request.headers.range, authorized });
    const bundle = bundles.find((b) => b.version === version);
    if (!authorized) return void response.writeHead(401).end();
    if (!bundle) return void response.writeHead(404).end();
    const data = readFileSync(bundle.file);
    const from = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const start = from ? Number(from[1]) : 0;
    response.writeHead(
      from ? 206 : 200,
      from ? { 'content-range': `bytes ${start}-${data.length - 1}/${data.length}` } : {},
    );
    if (control.cutOnce > 0) {
      const cut = control.cutOnce;
      control.cutOnce = 0;
      response.write(data.subarray(start, start + cut));
      setTimeout(() => request.socket.destroy(), 50);
      return;
    }
    response.end(data.subarray(start));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    cutNextAfter(bytes: number) {
      control.cutOnce = bytes;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The compiled guard (dist/, built by the global setup), as an update copies it beside the releases. */
export const GUARD_SOURCE = join(repo, 'edge-agent/dist/update/release-folders.js');

export const exists = (path: string) => existsSync(path);
export const sizeOf = (path: string) => statSync(path).size;
