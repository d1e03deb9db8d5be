import { readdir, rm } from 'node:fs/promises';
import { type AgentEventKind, compareVersions } from '@kort/contracts';
import { type Logger } from '../logger';
import { type OutboxFields } from '../outbox/outbox-store';
import { readJson, releaseFolders, type RolledBack, rollBack, settleBundle, type Trial } from './release-folders';

export interface TrialOptions {
  root: string;
  running: string;
  logger: Logger;
  record: (kind: AgentEventKind, fields: OutboxFields) => Promise<unknown>;
  /** What the health check asks (docs/decisions/0104-update-health-check.md). */
  checks: {
    connected: () => boolean;
    scheduleAccepted: () => boolean;
    /** Every relay answers with a state. */
    relaysAnswer: () => boolean;
    /** The door sensor answers (true when the agent has none wired). */
    doorSensorAnswers: () => boolean;
  };
  restart: () => void;
  /** How often the checks are looked at while on trial. */
  pollMs?: number;
}

const CHECK_NAMES = {
  connected: 'нет связи с сервером',
  scheduleAccepted: 'расписание не принято',
  relaysAnswer: 'реле не отвечают',
  doorSensorAnswers: 'датчик двери не отвечает',
} as const;

/**
 * At start: reports what the last update came to (a rollback the guard or a trial wrote), and, when
 * this release is on trial, watches the health checks until they all pass (the trial ends, the
 * update is reported installed, releases older than the previous one are removed) or the deadline
 * passes (switched back, the process ends, the old release reports why).
 */
export class UpdateTrial {
  private timer: NodeJS.Timeout | null = null;
  private trial: Trial | null = null;

  constructor(private readonly options: TrialOptions) {}

  /** Whether this release is on trial now. */
  get onTrial(): boolean {
    return this.trial !== null;
  }

  async start(): Promise<void> {
    const { root, running, record, logger } = this.options;
    const folders = releaseFolders(root);
    const rolledBack = readJson<RolledBack>(folders.rolledBack);
    if (rolledBack) {
      logger.error('the last update was rolled back', { ...rolledBack });
      // Never tried again here, whatever the API says next (the rollout's halt is its business).
      settleBundle(root, rolledBack.version, 'rolled-back');
      await record('update.rolled-back', {
        params: { version: rolledBack.version, previous: running, why: rolledBack.why, detail: rolledBack.detail },
      });
      await rm(folders.rolledBack, { force: true });
    }
    const trial = readJson<Trial>(folders.trial);
    if (!trial || trial.version !== running) return;
    this.trial = trial;
    logger.info('this release is on trial', { version: running, previous: trial.previous, deadline: trial.deadline });
    const look = () => void this.look();
    this.timer = setInterval(look, this.options.pollMs ?? 1000);
    this.timer.unref();
    look();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private failing(): string[] {
    return (Object.keys(CHECK_NAMES) as (keyof typeof CHECK_NAMES)[])
      .filter((name) => !this.options.checks[name]())
      .map((name) => CHECK_NAMES[name]);
  }

  private async look(): Promise<void> {
    const trial = this.trial;
    if (!trial) return;
    const failing = this.failing();
    const { root, running, logger, record } = this.options;
    if (failing.length === 0) {
      this.stop();
      this.trial = null;
      await rm(releaseFolders(root).trial, { force: true });
      logger.info('the new release proved itself', { version: running, previous: trial.previous });
      await record('update.installed', { params: { version: running, previous: trial.previous } });
      await this.prune(trial.previous);
      return;
    }
    if (Date.now() <= trial.deadline) return;
    this.stop();
    this.trial = null;
    logger.error('the new release failed its health check: switching back', { version: running, failing });
    rollBack(root, trial, 'health', failing.join(', '));
    this.options.restart();
  }

  /** Keeps this release and the one before it; older ones (and their partial downloads) go. */
  private async prune(previous: string): Promise<void> {
    const folders = releaseFolders(this.options.root);
    const names = await readdir(folders.releases).catch(() => [] as string[]);
    for (const name of names) {
      if (name === this.options.running || name === previous) continue;
      if (name.endsWith('.staging') || compareVersions(name, previous) < 0)
        await rm(folders.release(name), { recursive: true, force: true });
    }
  }
}
