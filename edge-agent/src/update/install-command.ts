import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type AgentConfig } from '../config';
import { assertRunsHere, BundleRefused, installBundle, readManifest } from './bundle';
import { updatePublicKey } from './manifest';
import { currentVersion, releaseFolders, switchCurrent } from './release-folders';

/**
 * `kort-agent install <bundle.tar.gz> [--root /opt/kort-agent]`: the first install on a Pi, or one
 * by hand. The same checks as an update (signature, every file, platform), then the release is the
 * one `current` starts. No trial: the operator is there and restarts the service.
 */
export async function installCommand(argv: string[], config: AgentConfig): Promise<number> {
  const bundle = argv.find((arg) => !arg.startsWith('--') && argv[argv.indexOf(arg) - 1] !== '--root');
  const rootFlag = argv.indexOf('--root');
  const root = resolve(rootFlag === -1 ? (config.updateRoot ?? '/opt/kort-agent') : (argv[rootFlag + 1] ?? ''));
  if (!bundle) {
    process.stderr.write('Usage: kort-agent install <bundle.tar.gz> [--root /opt/kort-agent]\n');
    return 2;
  }
  if (!config.updatePublicKey) {
    process.stderr.write('AGENT_UPDATE_PUBLIC_KEY is not set: a bundle cannot be checked, so none is installed\n');
    return 1;
  }
  try {
    const manifest = await readManifest(resolve(bundle), updatePublicKey(config.updatePublicKey));
    assertRunsHere(manifest);
    const folders = releaseFolders(root);
    const before = currentVersion(root);
    await installBundle(resolve(bundle), manifest, folders.release(manifest.version));
    copyFileSync(join(folders.release(manifest.version), 'dist', 'update', 'release-folders.js'), folders.guard);
    switchCurrent(root, manifest.version);
    process.stdout.write(
      `installed ${manifest.version} in ${folders.release(manifest.version)}; current → ${manifest.version}` +
        `${before ? ` (was ${before})` : ''}\nrestart the service: sudo systemctl restart kort-agent\n`,
    );
    return 0;
  } catch (error) {
    const message = error instanceof BundleRefused ? `${error.why}: ${error.detail}` : String(error);
    process.stderr.write(`the bundle is refused, nothing changed (${message})\n`);
    return 1;
  }
}
