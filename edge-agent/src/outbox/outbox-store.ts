import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type AgentEvent, type AgentEventKind, agentEventSchema } from '@kort/contracts';
import { type Logger } from '../logger';
import { syncDirectory, writeFileAtomic } from '../state/atomic-file';

export interface OutboxOptions {
  /** JSON lines; the agent uses `<stateFile>.outbox`. */
  file: string;
  logger: Logger;
  /** API time, for `at`. */
  now: () => number;
  /** The link monitor's verdict, stamped on every event as `offline`. */
  offline: () => boolean;
  /** Told after each durable append (the uploader sends at once while connected). */
  onAppended?: () => void;
}

export type OutboxFields = { game?: number | null; params?: AgentEvent['params'] };

/** A compacted file starts with this line: the next seq, which must keep rising after a restart. */
interface SeqMark {
  next: number;
}

interface Waiting {
  event: AgentEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Every decision the agent took alone, on disk before it counts: appended as a JSON line and fsynced,
 * so a power cut right after a door opened still has the entry on the next boot. Appends that arrive
 * together share one write and one fsync. Uploaded events are removed by rewriting the file
 * atomically with what is left.
 */
export class OutboxStore {
  private readonly queued: AgentEvent[] = [];
  private nextSeq = 1;
  private handle: FileHandle | null = null;
  /** Bytes known to be whole lines: a failed append is cut back to here. */
  private size = 0;
  private waiting: Waiting[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: OutboxOptions) {}

  get file(): string {
    return this.options.file;
  }

  /** Events not yet acknowledged by the API, oldest first. */
  get pending(): readonly AgentEvent[] {
    return this.queued;
  }

  async load(): Promise<void> {
    let text = '';
    try {
      text = await readFile(this.options.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const lines = text.split('\n');
    let skipped = 0;
    lines.forEach((line, index) => {
      if (!line.trim()) return;
      const last = index >= lines.length - 2 && !lines.slice(index + 1).some((rest) => rest.trim());
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        skipped++;
        if (last) this.options.logger.warn('outbox: a torn last line (power cut while writing) is skipped');
        else this.options.logger.error('outbox: an unreadable line is skipped', { line: index + 1 });
        return;
      }
      if (typeof (parsed as Partial<SeqMark>).next === 'number') {
        this.nextSeq = Math.max(this.nextSeq, (parsed as SeqMark).next);
        return;
      }
      const event = agentEventSchema.safeParse(parsed);
      if (!event.success) {
        skipped++;
        this.options.logger.error('outbox: an invalid event is skipped', { line: index + 1 });
        return;
      }
      this.queued.push(event.data);
      this.nextSeq = Math.max(this.nextSeq, event.data.seq + 1);
    });
    // A torn line must not stay: the next append would glue onto it and be lost with it.
    if (skipped) await this.rewrite();
    else await this.openForAppend();
    if (this.queued.length) this.options.logger.info('outbox: events to upload', { count: this.queued.length });
  }

  /** Resolves once the event is on disk; only then is it offered to the uploader. */
  append(kind: AgentEventKind, fields: OutboxFields = {}): Promise<AgentEvent> {
    if (this.closed) return Promise.reject(new Error(`outbox closed, ${kind} not recorded`));
    const event: AgentEvent = {
      id: randomUUID(),
      seq: this.nextSeq++,
      kind,
      at: Math.round(this.options.now()),
      game: fields.game ?? null,
      offline: this.options.offline(),
      params: fields.params ?? {},
    };
    return new Promise<AgentEvent>((resolve, reject) => {
      this.waiting.push({ event, resolve: () => resolve(event), reject });
      if (this.waiting.length === 1) void this.serial(() => this.writeWaiting());
    });
  }

  /** The API stored everything up to `seq`: forget it, on disk too. */
  async drop(seq: number): Promise<void> {
    await this.serial(async () => {
      const keep = this.queued.filter((event) => event.seq > seq);
      if (keep.length === this.queued.length) return;
      this.queued.splice(0, this.queued.length, ...keep);
      await this.rewrite();
    });
  }

  /** Waits for the appends under way, then closes the file. */
  async close(): Promise<void> {
    this.closed = true;
    await this.serial(async () => {
      await this.handle?.close();
      this.handle = null;
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.chain.then(work);
    this.chain = result.catch(() => undefined);
    return result;
  }

  private async writeWaiting(): Promise<void> {
    const batch = this.waiting.splice(0);
    const text = batch.map(({ event }) => `${JSON.stringify(event)}\n`).join('');
    try {
      if (!this.handle) await this.openForAppend();
      await this.handle!.write(text);
      await this.handle!.datasync();
      this.size += Buffer.byteLength(text);
    } catch (error) {
      this.options.logger.error('outbox: could not write an event', { error });
      await this.handle?.truncate(this.size).catch(() => undefined);
      for (const { reject } of batch) reject(error);
      return;
    }
    for (const { event } of batch) this.queued.push(event);
    for (const { resolve } of batch) resolve();
    this.options.onAppended?.();
  }

  private async rewrite(): Promise<void> {
    await this.handle?.close();
    this.handle = null;
    const mark: SeqMark = { next: this.nextSeq };
    const text = [mark, ...this.queued].map((line) => `${JSON.stringify(line)}\n`).join('');
    await writeFileAtomic(this.options.file, text);
    await this.openForAppend();
  }

  private async openForAppend(): Promise<void> {
    await mkdir(dirname(this.options.file), { recursive: true });
    const handle = await open(this.options.file, 'a', 0o600);
    const { size } = await handle.stat();
    // A file that did not exist is new in its directory: make that entry durable too.
    if (size === 0) await syncDirectory(dirname(this.options.file));
    this.handle = handle;
    this.size = size;
  }
}
