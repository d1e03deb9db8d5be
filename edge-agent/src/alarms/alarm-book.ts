import { readFile } from 'node:fs/promises';
import { AGENT_ALARMS, type AgentAlarm, type AgentEventKind, ALERT_TITLES } from '@kort/contracts';
import { z } from 'zod';
import { type Logger } from '../logger';
import { type OutboxFields } from '../outbox/outbox-store';
import { writeFileAtomic } from '../state/atomic-file';

export interface AlarmBookOptions {
  /** `<STATE_FILE>.alarms`: the alarms the outbox holds as raised. */
  file: string;
  logger: Logger;
  /** Appends to the outbox; resolves once the event is on disk. */
  record: (kind: AgentEventKind, fields: OutboxFields) => Promise<unknown>;
  /** API time, kept with each raised alarm. */
  now: () => number;
}

/** For the log line: the figure and what it was judged against («85 °C (limit 80 °C)»). */
export interface AlarmNote {
  value?: number;
  detail?: string;
}

const raisedSchema = z.object({ at: z.number(), value: z.number().optional() });
type Raised = z.infer<typeof raisedSchema>;
const bookSchema = z.object({
  version: z.literal(1),
  raised: z.partialRecord(z.enum(AGENT_ALARMS), raisedSchema),
});

/**
 * Which alarms are raised, so each condition is raised once and cleared once. A raise or a clear is
 * an `alarm.raised` / `alarm.cleared` event in the outbox (uploaded in order, applied once by the
 * API), then a line in this book's file, so a restart neither raises a raised alarm again nor
 * forgets to clear it. The outbox comes first: a power cut between the two raises the alarm again
 * after the restart rather than losing it.
 */
export class AlarmBook {
  /** What the agent holds now: the rules judge by it, synchronously, so a condition is raised once. */
  private readonly current = new Map<AgentAlarm, Raised>();
  /** What the outbox holds (and the file says). */
  private readonly recorded = new Map<AgentAlarm, Raised>();
  private readonly listeners = new Set<() => void>();
  private chain: Promise<unknown> = Promise.resolve();
  private loaded = false;

  constructor(private readonly options: AlarmBookOptions) {}

  get ready(): boolean {
    return this.loaded;
  }

  async load(): Promise<void> {
    let text: string | null = null;
    try {
      text = await readFile(this.options.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (text !== null) {
      let parsed: z.ZodSafeParseResult<z.infer<typeof bookSchema>> | null = null;
      try {
        parsed = bookSchema.safeParse(JSON.parse(text));
      } catch {
        // reported below, as an invalid book
      }
      if (parsed?.success) {
        for (const [alarm, raised] of Object.entries(parsed.data.raised) as [AgentAlarm, Raised][]) {
          this.current.set(alarm, raised);
          this.recorded.set(alarm, raised);
        }
      } else {
        this.options.logger.error('alarms: the book is unreadable, every alarm is judged afresh', {
          file: this.options.file,
        });
      }
    }
    this.loaded = true;
    if (this.current.size) this.options.logger.info('alarms raised before the start', { alarms: this.raised() });
  }

  isRaised(alarm: AgentAlarm): boolean {
    return this.current.has(alarm);
  }

  /** The raised alarms, in the contract's order. */
  raised(): AgentAlarm[] {
    return AGENT_ALARMS.filter((alarm) => this.current.has(alarm));
  }

  /** Raises the alarm unless it is raised; resolves with whether this call raised it (never rejects). */
  raise(alarm: AgentAlarm, note: AlarmNote = {}): Promise<boolean> {
    if (this.current.has(alarm)) return Promise.resolve(false);
    const entry: Raised = {
      at: Math.round(this.options.now()),
      ...(note.value === undefined ? {} : { value: note.value }),
    };
    this.current.set(alarm, entry);
    return this.serial(async () => {
      try {
        const params = { alarm, ...(note.value === undefined ? {} : { value: note.value }) };
        await this.options.record('alarm.raised', { params });
      } catch (error) {
        this.options.logger.error('alarms: could not record a raise; raised again when next seen', { alarm, error });
        if (this.current.get(alarm) === entry) this.current.delete(alarm);
        return false;
      }
      this.recorded.set(alarm, entry);
      this.options.logger.warn('alarm raised', { alarm, title: ALERT_TITLES[alarm], ...note });
      await this.save();
      return true;
    });
  }

  /** Clears the alarm if it is raised; resolves with whether this call cleared it (never rejects). */
  clear(alarm: AgentAlarm, note: AlarmNote = {}): Promise<boolean> {
    if (!this.current.has(alarm)) return Promise.resolve(false);
    this.current.delete(alarm);
    return this.serial(async () => {
      const raised = this.recorded.get(alarm);
      if (!raised) return false; // its raise never reached the outbox: nothing to clear at the API
      try {
        await this.options.record('alarm.cleared', { params: { alarm } });
      } catch (error) {
        this.options.logger.error('alarms: could not record a clear; cleared again when next seen', { alarm, error });
        if (!this.current.has(alarm)) this.current.set(alarm, raised);
        return false;
      }
      this.recorded.delete(alarm);
      this.options.logger.warn('alarm cleared', { alarm, title: ALERT_TITLES[alarm], ...note });
      await this.save();
      return true;
    });
  }

  /** Resolves true once the outbox holds the alarm as `raised` (or not), false after `timeoutMs`. */
  waitFor(alarm: AgentAlarm, raised: boolean, timeoutMs: number): Promise<boolean> {
    const reached = () => this.recorded.has(alarm) === raised && this.current.has(alarm) === raised;
    if (reached()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (result: boolean) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve(result);
      };
      const check = () => (reached() ? done(true) : undefined);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.listeners.add(check);
    });
  }

  /** Waits for the raises and clears under way (the agent is stopping). */
  async flush(): Promise<void> {
    await this.chain;
  }

  private serial(work: () => Promise<boolean>): Promise<boolean> {
    const result = this.chain.then(work).finally(() => {
      for (const listener of [...this.listeners]) listener();
    });
    this.chain = result.catch(() => undefined);
    return result;
  }

  private async save(): Promise<void> {
    const book: z.infer<typeof bookSchema> = { version: 1, raised: Object.fromEntries(this.recorded) };
    try {
      await writeFileAtomic(this.options.file, `${JSON.stringify(book)}\n`);
    } catch (error) {
      // The outbox has the event; only a restart before the next save could raise this one again.
      this.options.logger.error('alarms: could not write the book', { file: this.options.file, error });
    }
  }
}
