import { readFile } from 'node:fs/promises';
import {
  type LightPolicy,
  type Schedule,
  type ScheduleAck,
  type ScheduleEntry,
  type SignedSchedule,
} from '@kort/contracts';
import { agentTokenHash, scheduleKey } from '@kort/contracts/schedule-crypto';
import { type Logger } from '../logger';
import { writeFileAtomic } from '../state/atomic-file';
import { checkSignedSchedule } from './schedule-check';

export interface ScheduleStoreOptions {
  /** Where the schedule is kept (the agent uses `<stateFile>.schedule`). */
  file: string;
  /** The site's signing key: `scheduleKeyFor(token)`. */
  key: Buffer;
  siteId: string;
  logger: Logger;
  /** API time (the agent's clock corrected by the API's offset). */
  now?: () => number;
}

/** The key the API signs this site's schedules with, from the agent's own token. */
export function scheduleKeyFor(token: string): Buffer {
  return scheduleKey(agentTokenHash(token));
}

/** First line of the file; the signed payload follows byte for byte, so it can be verified again. */
interface FileHeader {
  format: 1;
  version: number;
  signature: string;
}

/**
 * The site's signed schedule of the next 48 hours, for the keypad and the light while the link is
 * down. Kept apart from the state file: that one is rewritten after every command, and 1,000 games
 * would make every command ack wait on a 150 KB fsync.
 *
 * On disk the payload is stored as the exact text the API signed (a JSON string field would escape
 * every quote and grow it by a tenth), and it is verified again on every load: a hand-edited file
 * lets nobody in. Games are dropped in memory once over; the text itself cannot be trimmed without
 * breaking its signature, and the next push (at the latest on reconnect) replaces it anyway.
 */
export class ScheduleStore {
  private current: Schedule | null = null;
  private signed: SignedSchedule | null = null;
  /** The highest version seen, also from a file that failed its check: a replay stays refused. */
  private heldVersion = 0;
  private writing: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly options: ScheduleStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  get file(): string {
    return this.options.file;
  }

  get version(): number {
    return this.heldVersion;
  }

  /** The club's light rules, or null before the first schedule (the agent then leaves the light alone). */
  get light(): LightPolicy | null {
    return this.current?.light ?? null;
  }

  /** Games the light may still care about: a game is dropped once its door closed and its light ran out. */
  games(): readonly ScheduleEntry[] {
    const schedule = this.current;
    if (!schedule) return [];
    const now = this.now();
    const offAfterMs = schedule.light.offAfterMin * 60_000;
    if (schedule.games.some((game) => Math.max(game.close, game.end + offAfterMs) <= now)) {
      schedule.games = schedule.games.filter((game) => Math.max(game.close, game.end + offAfterMs) > now);
    }
    return schedule.games;
  }

  /** Games whose door has not closed yet: the only ones a PIN can match. */
  doorGames(): ScheduleEntry[] {
    const now = this.now();
    return this.games().filter((game) => game.close > now);
  }

  /** For the door screen's state.json and the logs. */
  summary(): { version: number; entries: number } | null {
    return this.current ? { version: this.current.version, entries: this.doorGames().length } : null;
  }

  async load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.options.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return;
    }
    const newline = text.indexOf('\n');
    let header: Partial<FileHeader> = {};
    try {
      header = JSON.parse(newline === -1 ? text : text.slice(0, newline)) as Partial<FileHeader>;
    } catch {
      // Judged below like any other unverifiable file.
    }
    if (typeof header.version === 'number' && Number.isSafeInteger(header.version)) this.heldVersion = header.version;
    const check = checkSignedSchedule(
      { payload: newline === -1 ? '' : text.slice(newline + 1), signature: header.signature },
      { key: this.options.key, siteId: this.options.siteId, heldVersion: 0 },
    );
    if (!check.ok) {
      this.options.logger.error('the schedule file fails its check: no offline entry until the API sends a new one', {
        file: this.options.file,
        error: check.error,
        reason: check.reason,
      });
      return;
    }
    this.current = check.schedule;
    this.signed = check.signed;
    this.heldVersion = Math.max(this.heldVersion, check.schedule.version);
    this.options.logger.info('schedule loaded', { version: check.schedule.version, entries: this.doorGames().length });
  }

  /** A schedule pushed by the API: checked, kept, persisted, then acknowledged. */
  async accept(input: unknown): Promise<ScheduleAck> {
    const check = checkSignedSchedule(input, {
      key: this.options.key,
      siteId: this.options.siteId,
      heldVersion: this.heldVersion,
    });
    if (!check.ok) {
      this.options.logger.error('schedule refused', { error: check.error, reason: check.reason });
      return { ok: false, error: check.error };
    }
    // Taken before the write: a second push arriving meanwhile is judged against this version.
    this.current = check.schedule;
    this.signed = check.signed;
    this.heldVersion = check.schedule.version;
    const entries = this.doorGames().length;
    try {
      await this.save();
    } catch (error) {
      // Still in force in memory; the next push retries the write.
      this.options.logger.error('could not persist the schedule', { file: this.options.file, error });
    }
    this.options.logger.info('schedule accepted', { version: check.schedule.version, entries });
    return { ok: true, version: check.schedule.version, entries };
  }

  /** Writes what is held now; writes run one after the other, the last one wins. */
  save(): Promise<void> {
    const next = this.writing.catch(() => undefined).then(() => this.write());
    this.writing = next;
    return next;
  }

  private async write(): Promise<void> {
    const signed = this.signed;
    if (!signed) return;
    const header: FileHeader = { format: 1, version: this.heldVersion, signature: signed.signature };
    await writeFileAtomic(this.options.file, `${JSON.stringify(header)}\n${signed.payload}`);
  }
}
