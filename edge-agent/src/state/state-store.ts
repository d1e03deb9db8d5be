import { open, readFile, truncate, type FileHandle } from 'node:fs/promises';
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
  /** The shelf locks left open (their relays on): a restart opens them again. */
  shelvesOpen?: string[];
  /** Games whose door opened, with when (API time): a restart during one gives it its light back. */
  doorsOpened?: Record<string, number>;
}

/** How long a game's door opening is remembered: longer than any game and its light. */
const DOOR_MEMORY_MS = 24 * 3600_000;

export interface SavedClock {
  offsetMs: number;
  /** /proc/sys/kernel/random/boot_id: after a reboot the Pi's clock may be another one. */
  bootId: string;
}

/**
 * A line of the journal: a command that ran, a game's door that opened, the door display's code as
 * it now is, or a shelf lock opened or closed.
 */
type JournalLine =
  | PersistedState['commands'][number]
  | { door: number; at: number }
  | { display: DisplayCode | null }
  | { shelf: string; open: boolean };

/**
 * The agent's memory across restarts: which commands already ran (so a replayed one is never run
 * twice), the code on the door display, the shelf locks left open and the games whose door opened.
 * The hardware always starts locked and dark; then what was meant to be on comes back (the shelves
 * as they were, the light of a game under way: docs/decisions/0091-restart-mid-game.md), and nothing
 * else: the door stays locked.
 *
 * A command is made durable before its ack leaves by one line appended to `<file>.journal` and one
 * fdatasync (a fraction of a millisecond), not by rewriting the whole state file (two fsyncs and a
 * rename of up to a thousand commands, milliseconds on every door opening). What a command changes
 * on the way is a journal line too (a game's door opening, the code leaving the display, a shelf
 * lock): it happens inside the command, whose ack waits for every disk operation queued before its
 * own, so a rewrite there would hold the ack. The journal is folded into the state file at start and
 * whenever it holds as many lines as the state keeps commands; every disk operation runs in one
 * queue, so a fold never drops a line appended after its snapshot.
 */
export class StateStore {
  private readonly commands = new Map<string, { result: CommandResult; at: number }>();
  private currentDisplay: DisplayCode | null = null;
  private savedClock: SavedClock | null = null;
  private readonly openShelves = new Set<string>();
  private readonly openedDoors = new Map<number, number>();
  private writing: Promise<void> = Promise.resolve();
  private pending: Promise<void> | null = null;
  private journal: FileHandle | null = null;
  private journalLines = 0;
  /** The append waiting its turn in the disk queue, which takes the lines asked for meanwhile. */
  private appending: { lines: string[]; done: Promise<void> } | null = null;

  constructor(
    readonly file: string,
    private readonly logger: Logger,
    private readonly maxCommands = 1000,
  ) {}

  async load(): Promise<void> {
    await this.loadState();
    await this.loadJournal();
  }

  private async loadState(): Promise<void> {
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
      for (const relay of state.shelvesOpen ?? []) if (typeof relay === 'string') this.openShelves.add(relay);
      for (const [game, at] of Object.entries(state.doorsOpened ?? {}))
        if (Number.isSafeInteger(Number(game)) && typeof at === 'number') this.openedDoors.set(Number(game), at);
    } catch (error) {
      // A torn file cannot happen (atomic rename), but a hand-edited one can: start clean, loudly.
      this.logger.error('state file is unreadable, starting with an empty state', { file: this.file, error });
    }
  }

  /** The lines journalled since the state file was last written, then the two folded together. */
  private async loadJournal(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.journalFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return;
    }
    let replayed = 0;
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        const entry = JSON.parse(line) as JournalLine;
        if ('door' in entry) this.rememberDoor(entry.door, entry.at);
        else if ('display' in entry) this.currentDisplay = entry.display;
        else if ('shelf' in entry) this.rememberShelf(entry.shelf, entry.open);
        else this.remember(entry.id, entry.result, entry.at);
        replayed += 1;
      } catch {
        // Only the last line can be torn (a power cut mid-append): its command was never acked.
      }
    }
    if (replayed) await this.save();
  }

  private get journalFile(): string {
    return `${this.file}.journal`;
  }

  commandResult(id: string): CommandResult | undefined {
    return this.commands.get(id)?.result;
  }

  /**
   * A command ran: known at once (a second delivery arriving now is answered from memory), and on
   * disk when the returned promise resolves, which is when its ack may leave.
   */
  recordCommand(id: string, result: CommandResult, at = Date.now()): Promise<void> {
    this.remember(id, result, at);
    return this.append({ id, result, at });
  }

  /**
   * One line at the end of the journal, on disk when the promise resolves. Lines asked for while an
   * append waits its turn, or in the same turn of the event loop, go with it: one write and one
   * fdatasync for all of them (a door.open journals the game's opening, then at once its result).
   */
  private append(entry: JournalLine): Promise<void> {
    const line = `${JSON.stringify(entry)}\n`;
    if (this.appending) {
      this.appending.lines.push(line);
      return this.appending.done;
    }
    const batch = { lines: [line], done: Promise.resolve() };
    batch.done = this.enqueue(async () => {
      this.journal ??= await open(this.journalFile, 'a', 0o600);
      await new Promise(setImmediate); // what the current turn still journals joins this write
      this.appending = null; // lines asked for from now on wait for the next append
      await this.journal.write(batch.lines.join(''));
      await this.journal.datasync();
      this.journalLines += batch.lines.length;
      if (this.journalLines >= this.maxCommands) void this.save().catch(() => undefined);
    });
    this.appending = batch;
    return batch.done;
  }

  private remember(id: string, result: CommandResult, at: number): void {
    this.commands.set(id, { result, at });
    for (const oldest of this.commands.keys()) {
      if (this.commands.size <= this.maxCommands) break;
      this.commands.delete(oldest);
    }
  }

  get display(): DisplayCode | null {
    return this.currentDisplay;
  }

  /** The door display's code changed (null: none shown): on disk when the promise resolves. */
  showDisplay(display: DisplayCode | null): Promise<void> {
    this.currentDisplay = display;
    return this.append({ display });
  }

  /** The last measured API clock offset, so a restart while the link is down keeps judging by it. */
  get clock(): SavedClock | null {
    return this.savedClock;
  }

  set clock(clock: SavedClock | null) {
    this.savedClock = clock;
  }

  /** The shelf locks left open when the state was last written. */
  get shelvesOpen(): string[] {
    return [...this.openShelves];
  }

  /** A shelf lock opened or closed: on disk when the promise resolves. */
  shelfChanged(relay: string, open: boolean): Promise<void> {
    if (this.openShelves.has(relay) === open) return Promise.resolve();
    this.rememberShelf(relay, open);
    return this.append({ shelf: relay, open });
  }

  private rememberShelf(relay: string, open: boolean): void {
    if (open) this.openShelves.add(relay);
    else this.openShelves.delete(relay);
  }

  /** The game's door opened at `at` (API time): on disk when the promise resolves. */
  doorOpened(game: number, at: number): Promise<void> {
    this.rememberDoor(game, at);
    return this.append({ door: game, at });
  }

  private rememberDoor(game: number, at: number): void {
    this.openedDoors.set(game, at);
    for (const [known, when] of this.openedDoors) if (at - when > DOOR_MEMORY_MS) this.openedDoors.delete(known);
  }

  /** Whether the game's door has opened (within the last day). */
  hasDoorOpened(game: number): boolean {
    return this.openedDoors.has(game);
  }

  /** Writes the state; concurrent calls coalesce into one more write after the current one. */
  save(): Promise<void> {
    if (this.pending) return this.pending;
    const next = this.enqueue(async () => {
      this.pending = null;
      await this.write();
    });
    this.pending = next;
    return next;
  }

  /** Writes the state and closes the journal (the agent is stopping). */
  async flush(): Promise<void> {
    await this.save();
    await this.enqueue(async () => {
      await this.journal?.close();
      this.journal = null;
    });
  }

  /** One disk operation at a time, in call order; a failure is its caller's, the next still runs. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.writing.catch(() => undefined).then(work);
    this.writing = next;
    return next;
  }

  private async write(): Promise<void> {
    const state: PersistedState = {
      version: 1,
      commands: [...this.commands].map(([id, { result, at }]) => ({ id, result, at })),
      display: this.currentDisplay,
      clock: this.savedClock,
      shelvesOpen: [...this.openShelves],
      doorsOpened: Object.fromEntries(this.openedDoors),
    };
    await writeFileAtomic(this.file, JSON.stringify(state));
    // Everything journalled so far is in the state file now.
    if (this.journal) await this.journal.truncate(0);
    else await truncate(this.journalFile, 0).catch(() => undefined);
    this.journalLines = 0;
  }
}
