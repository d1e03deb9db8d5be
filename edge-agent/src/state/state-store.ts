import { readFile } from 'node:fs/promises';
import { type CommandAck } from '@kort/contracts';
import { type DisplayCode } from '../event-bus';
import { type Logger } from '../logger';
import { writeFileAtomic } from './atomic-file';

/** The ack of a command, as first sent (a replay adds `repeated: true`). */
export type CommandResult = CommandAck & { repeated?: boolean };

interface PersistedState {
  version: 1;
  /** Oldest first. */
  commands: { id: string; result: CommandResult; at: number }[];
  display: DisplayCode | null;
  /** The API's clock minus ours as last measured, and the boot it was measured in. */
  clock?: SavedClock | null;
}

export interface SavedClock {
  offsetMs: number;
  /** /proc/sys/kernel/random/boot_id: after a reboot the Pi's clock may be another one. */
  bootId: string;
}

/**
 * The agent's memory across restarts: which commands already ran (so a replayed one is never run
 * twice) and the code on the door display. Relays are deliberately not in it: the hardware always
 * starts locked and dark, whatever was on before a crash.
 */
export class StateStore {
  private readonly commands = new Map<string, { result: CommandResult; at: number }>();
  private currentDisplay: DisplayCode | null = null;
  private savedClock: SavedClock | null = null;
  private writing: Promise<void> = Promise.resolve();
  private pending: Promise<void> | null = null;

  constructor(
    readonly file: string,
    private readonly logger: Logger,
    private readonly maxCommands = 1000,
  ) {}

  async load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return;
    }
    try {
      const state = JSON.parse(text) as PersistedState;
      for (const { id, result, at } of state.commands ?? []) this.commands.set(id, { result, at });
      this.currentDisplay = state.display ?? null;
      this.savedClock = state.clock ?? null;
    } catch (error) {
      // A torn file cannot happen (atomic rename), but a hand-edited one can: start clean, loudly.
      this.logger.error('state file is unreadable, starting with an empty state', { file: this.file, error });
    }
  }

  commandResult(id: string): CommandResult | undefined {
    return this.commands.get(id)?.result;
  }

  recordCommand(id: string, result: CommandResult, at = Date.now()): void {
    this.commands.set(id, { result, at });
    for (const oldest of this.commands.keys()) {
      if (this.commands.size <= this.maxCommands) break;
      this.commands.delete(oldest);
    }
  }

  get display(): DisplayCode | null {
    return this.currentDisplay;
  }

  set display(display: DisplayCode | null) {
    this.currentDisplay = display;
  }

  /** The last measured API clock offset, so a restart while the link is down keeps judging by it. */
  get clock(): SavedClock | null {
    return this.savedClock;
  }

  set clock(clock: SavedClock | null) {
    this.savedClock = clock;
  }

  /** Writes the state; concurrent calls coalesce into one more write after the current one. */
  save(): Promise<void> {
    if (this.pending) return this.pending;
    const next = this.writing
      .catch(() => undefined) // a failed write was reported to its caller; the next one still runs
      .then(async () => {
        this.pending = null;
        await this.write();
      });
    this.pending = next;
    this.writing = next;
    return next;
  }

  async flush(): Promise<void> {
    await this.save();
  }

  private async write(): Promise<void> {
    const state: PersistedState = {
      version: 1,
      commands: [...this.commands].map(([id, { result, at }]) => ({ id, result, at })),
      display: this.currentDisplay,
      clock: this.savedClock,
    };
    await writeFileAtomic(this.file, JSON.stringify(state));
  }
}
