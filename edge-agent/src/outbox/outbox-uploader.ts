import { type AgentEvent, OUTBOX_BATCH_MAX, outboxAckSchema } from '@kort/contracts';
import { type Logger } from '../logger';
import { fullJitterDelay } from '../transport/backoff';
import { type OutboxStore } from './outbox-store';

export interface OutboxUploaderOptions {
  outbox: OutboxStore;
  /** Sends one batch and returns the API's ack (rejects when not connected or on timeout). */
  send: (events: AgentEvent[], timeoutMs: number) => Promise<unknown>;
  connected: () => boolean;
  logger: Logger;
  batchMax?: number;
  ackTimeoutMs?: number;
}

/**
 * Uploads the outbox in order while connected: the oldest batch first, the next one as soon as the
 * API has stored the previous (it applies each event once, by its id, so a batch sent again after a
 * lost ack does no harm). A failure waits with the transport's backoff; a new connection retries at
 * once.
 */
export class OutboxUploader {
  private running = false;
  private again = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: OutboxUploaderOptions) {}

  /** Something to send or a link to send it on: upload now (or right after the current upload). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.retryTimer) return; // waiting out a failure; a new connection calls connected()
    this.running = true;
    void this.drain()
      .catch((error: unknown) => this.options.logger.error('outbox upload crashed', { error }))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** The link came back: forget the backoff and upload. */
  connected(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.failures = 0;
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async drain(): Promise<void> {
    const { outbox, logger } = this.options;
    const batchMax = this.options.batchMax ?? OUTBOX_BATCH_MAX;
    while (!this.stopped && this.options.connected()) {
      const batch = outbox.pending.slice(0, batchMax);
      if (!batch.length) return;
      const last = batch.at(-1)!.seq;
      let problem: string;
      try {
        const ack = outboxAckSchema.safeParse(await this.options.send(batch, this.options.ackTimeoutMs ?? 15_000));
        if (ack.success && ack.data.ok && ack.data.seq >= batch[0]!.seq) {
          await outbox.drop(Math.min(ack.data.seq, last));
          this.failures = 0;
          logger.debug('outbox batch stored by the API', { events: batch.length, seq: ack.data.seq });
          continue;
        }
        problem = !ack.success ? 'an answer that is not an outbox ack' : ack.data.ok ? 'no progress' : ack.data.error;
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      const delay = fullJitterDelay(this.failures++);
      logger.warn('outbox upload failed, retrying', { events: batch.length, error: problem, retryInMs: delay });
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.kick();
      }, delay);
      return;
    }
  }
}
