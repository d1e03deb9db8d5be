import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type KeyObject } from 'node:crypto';
import {
  type AgentEventKind,
  compareVersions,
  type ReleaseManifest,
  type ReleaseTarget,
  releaseTargetSchema,
  type ScheduleEntry,
} from '@kort/contracts';
import { type Logger } from '../logger';
import { type OutboxFields } from '../outbox/outbox-store';
import { assertRunsHere, BundleRefused, hashFile, installBundle, readManifest } from './bundle';
import { releaseFolders, settleBundle, settledBundles, switchCurrent, type Trial, writeJson } from './release-folders';

export interface UpdaterOptions {
  /** The releases root (UPDATE_ROOT); the agent runs from <root>/current. */
  root: string;
  key: KeyObject;
  /** The version this process runs. */
  running: string;
  apiUrl: string;
  siteId: string;
  token: string;
  healthWindowMs: number;
  logger: Logger;
  connected: () => boolean;
  /** Games whose door window is open or which are under way now (API time). */
  busyGames: () => readonly ScheduleEntry[];
  record: (kind: AgentEventKind, fields: OutboxFields) => Promise<unknown>;
  now: () => number;
  /** Ends the process for its supervisor to start `current` again (the agent stops cleanly first). */
  restart: () => void;
  /** How often a deferred update looks again (default a minute). */
  retryMs?: number;
  /** The compiled guard to copy beside the releases (default: this release's own). */
  guardSource?: string;
}

/**
 * Takes the agent to the version the API names (docs/decisions/0101-agent-bundle.md,
 * 0104-update-health-check.md, 0105-door-window-rule.md). Only while connected, never during a
 * game's door window or a game under way (unless forced); the bundle is downloaded with the
 * agent's own token (resuming a partial file), its signature and every file proven, installed into
 * releases/<version> beside the running one, and `current` switched to it with a trial: the new
 * release must prove itself within the health window or it is switched back. A refusal leaves
 * everything as it was and is reported once per bundle.
 */
export class Updater {
  private target: ReleaseTarget | null = null;
  private working = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Bundles whose download did not match: reported once per process, retried later. */
  private readonly badDownloads = new Set<string>();

  constructor(private readonly options: UpdaterOptions) {}

  /** The API named a target (on connect and on every change). */
  offer(payload: unknown): void {
    const parsed = releaseTargetSchema.safeParse(payload);
    if (!parsed.success) {
      this.options.logger.warn('release target does not match the contract; ignored');
      return;
    }
    this.target = parsed.data;
    void this.consider();
  }

  /** The link came back: a target waiting for it is looked at again. */
  reconnected(): void {
    void this.consider();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private later(): void {
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.consider();
    }, this.options.retryMs ?? 60_000);
    this.retryTimer.unref();
  }

  /** Looks at the target now; at most one update at a time. */
  async consider(): Promise<void> {
    const target = this.target;
    const { logger, running } = this.options;
    if (!target || this.working || this.stopped || target.version === running) return;
    // Refused or rolled back here before (kept across restarts): reported once, never tried again.
    const settled = settledBundles(this.options.root);
    if (settled[target.version] || settled[`${target.version}:${target.sha256}`]) return;
    if (!this.options.connected()) return; // never with the link down; the next connect offers it again
    const busy = this.options.busyGames();
    if (busy.length > 0 && !target.force) {
      logger.info('update deferred: a game is in its door window or under way', {
        version: target.version,
        games: busy.map((entry) => entry.game),
      });
      this.later();
      return;
    }
    this.working = true;
    try {
      if (compareVersions(target.version, running) < 0) await this.returnTo(target);
      else await this.install(target);
    } catch (error) {
      if (error instanceof BundleRefused && error.why === 'download') {
        // The bytes were not the API's bundle: reported, and fetched again later from scratch.
        if (!this.badDownloads.has(target.sha256)) await this.refuse(target, error, false);
        this.badDownloads.add(target.sha256);
        this.later();
      } else if (error instanceof BundleRefused) {
        await this.refuse(target, error, true);
      } else {
        logger.warn('update not done; trying again later', { version: target.version, error });
        this.later();
      }
    } finally {
      this.working = false;
    }
  }

  /**
   * A lower version is never downloaded (an old signed bundle replayed would bring back old bugs):
   * only a release this Pi ran before and still keeps, which proved itself here, is returned to.
   */
  private async returnTo(target: ReleaseTarget): Promise<void> {
    const folder = releaseFolders(this.options.root).release(target.version);
    if (!existsSync(join(folder, 'dist', 'cli.js')))
      throw new BundleRefused('downgrade', `${target.version} < ${this.options.running}, not kept on this Pi`);
    this.options.logger.warn('returning to an earlier release, as the API asks', {
      from: this.options.running,
      to: target.version,
    });
    await this.activate(target.version, target.force);
  }

  private async install(target: ReleaseTarget): Promise<void> {
    const { root, logger, key } = this.options;
    const folders = releaseFolders(root);
    const file = await this.download(target);
    const manifest = await readManifest(file, key);
    this.judge(manifest, target);
    const folder = folders.release(target.version);
    await installBundle(file, manifest, folder);
    await rm(file, { force: true });
    logger.info('release installed beside the running one', { version: target.version, folder });
    await this.activate(target.version, target.force);
  }

  /** The manifest's promises against this Pi and the API, before a byte is extracted. */
  private judge(manifest: ReleaseManifest, target: ReleaseTarget): void {
    if (manifest.version !== target.version)
      throw new BundleRefused('file', `the manifest says ${manifest.version}, the API ${target.version}`);
    if (compareVersions(manifest.version, this.options.running) <= 0)
      throw new BundleRefused('downgrade', `${manifest.version} ≤ ${this.options.running}`);
    if (compareVersions(target.apiVersion, manifest.minApiVersion) < 0)
      throw new BundleRefused('api', `needs API ${manifest.minApiVersion}, the API is ${target.apiVersion}`);
    assertRunsHere(manifest);
  }

  /** Switches `current` with a trial and ends the process for the supervisor to start it. */
  private async activate(version: string, force: boolean): Promise<void> {
    const { root, running, healthWindowMs, logger } = this.options;
    const folders = releaseFolders(root);
    // The guard that will judge the new release is this one's, which proved itself.
    await copyFile(this.options.guardSource ?? join(__dirname, 'release-folders.js'), folders.guard);
    const trial: Trial = { version, previous: running, deadline: Date.now() + healthWindowMs, starts: 0, force };
    writeJson(folders.trial, trial);
    switchCurrent(root, version);
    logger.warn('switching to a new release: restarting', { from: running, to: version, healthWindowMs });
    this.stopped = true;
    this.options.restart();
  }

  /** The bundle, resumed from a partial file of the same bundle; its size and sha256 as the API named. */
  private async download(target: ReleaseTarget): Promise<string> {
    const { apiUrl, siteId, token, logger } = this.options;
    const folders = releaseFolders(this.options.root);
    await mkdir(folders.downloads, { recursive: true });
    const file = join(folders.downloads, `${target.version}-${target.sha256.slice(0, 16)}.tar.gz`);
    const have = await stat(file).then(
      (s) => s.size,
      () => 0,
    );
    if (have < target.size) {
      const url = `${apiUrl.replace(/\/+$/, '')}/api/edge/releases/${encodeURIComponent(target.version)}`;
      const response = await fetch(url, {
        headers: {
          authorization: `Bearer ${token}`,
          'x-kort-site': siteId,
          ...(have > 0 && { range: `bytes=${have}-` }),
        },
      });
      if (response.status !== 200 && response.status !== 206)
        throw new Error(`the API answered ${response.status} for the bundle`);
      const resumed = response.status === 206;
      if (have > 0) logger.info('bundle download resumed', { version: target.version, from: resumed ? have : 0 });
      if (!response.body) throw new Error('the API sent no body');
      await pipeline(Readable.fromWeb(response.body), createWriteStream(file, { flags: resumed ? 'a' : 'w' }));
    }
    const got = await hashFile(file);
    if (got.size !== target.size || got.sha256 !== target.sha256) {
      await rm(file, { force: true });
      throw new BundleRefused('download', `got ${got.size} bytes, sha256 ${got.sha256.slice(0, 12)}…`);
    }
    return file;
  }

  private async refuse(target: ReleaseTarget, error: BundleRefused, settle: boolean): Promise<void> {
    if (settle) settleBundle(this.options.root, `${target.version}:${target.sha256}`, `refused:${error.why}`);
    this.options.logger.error('update refused: the running release stays', {
      version: target.version,
      why: error.why,
      detail: error.detail,
    });
    await this.options.record('update.refused', {
      params: { version: target.version, previous: this.options.running, why: error.why, detail: error.detail },
    });
  }
}
