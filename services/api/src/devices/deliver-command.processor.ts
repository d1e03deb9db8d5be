import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { commandAckSchema } from '@kort/contracts';
import { COMMANDS, QUEUES } from '../queues/queues';
import type { CommandStatus } from './command.entity';
import { CommandOutcomes, DELIVERY_FAILURE, type DeliveryFailure, type DeliveryOutcome } from './command-outcomes';
import type { CommandJob } from './commands.service';
import { EdgeGateway } from './edge.gateway';

/**
 * Delivers a command to its site's agent with an acknowledged emit, and records the outcome. An
 * agent nowhere is "offline", not success; no ack by the deadline, an agent's refusal or a passed
 * deadline fail the command. A delivery not acknowledged within REDELIVER_AFTER_MS is sent again
 * with the same id while the deadline lasts (a broadcast to the agent's replica can be lost while
 * Redis comes back); the agent answers an id it has run with that run's result, never running it
 * twice, and the audit row counts the deliveries. The job itself is never retried nor stalled into a
 * second run (maxStalledCount 0), so it never runs late. Every expected failure is returned, not
 * thrown: the caller turns it into its answer.
 */
@Processor(QUEUES.commands, COMMANDS.worker)
export class DeliverCommandProcessor extends WorkerHost {
  private readonly logger = new Logger('CommandDelivery');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly edge: EdgeGateway,
    private readonly outcomes: CommandOutcomes,
  ) {
    super();
  }

  async process(job: Job<CommandJob>): Promise<DeliveryOutcome> {
    const { outcome, status, deliveries } = await this.deliver(job.data);
    await this.record(job.data, outcome, status, deliveries);
    this.outcomes.settle(job.data.command.id, outcome); // a caller on this replica hears it now
    return outcome;
  }

  /** The outcome for the caller, the status for the audit row, and how many times it was sent. */
  private async deliver({
    command,
    site,
  }: CommandJob): Promise<{ outcome: DeliveryOutcome; status: CommandStatus; deliveries: number }> {
    let deliveries = 0;
    for (;;) {
      // Measured at the last moment: the agent must not get more time than the deadline leaves.
      const remaining = command.deadline - Date.now();
      if (remaining <= 0) {
        const failure = deliveries ? DELIVERY_FAILURE.noAck : DELIVERY_FAILURE.expired;
        return { outcome: failed(failure), status: deliveries ? 'failed' : 'expired', deliveries };
      }
      deliveries += 1;
      let answers: unknown[];
      try {
        answers = await this.edge.deliver(site, command, Math.min(remaining, COMMANDS.REDELIVER_AFTER_MS));
      } catch {
        // No answer in time: lost on the way, or an agent still at it. The same id again.
        if (command.deadline > Date.now())
          this.logger.warn(
            { command: command.id, site, delivery: deliveries },
            'command not acknowledged, sending again',
          );
        continue;
      }
      // Nobody there: offline, unless it had been sent before (then it may have run: not answered).
      const nobody = deliveries > 1 ? DELIVERY_FAILURE.noAck : DELIVERY_FAILURE.offline;
      if (answers.length === 0) return { outcome: failed(nobody), status: 'failed', deliveries };
      return { ...verdict(answers), deliveries };
    }
  }

  /**
   * The outcome in the audit row. The command has happened (or not) whatever this write does: if
   * PostgreSQL is away the caller still hears the truth, and the row stays "queued".
   */
  private async record(
    { command, site }: CommandJob,
    outcome: DeliveryOutcome,
    status: CommandStatus,
    deliveries: number,
  ): Promise<void> {
    const error = outcome.ok ? null : outcome.detail ? `${outcome.failure} (${outcome.detail})` : outcome.failure;
    if (error)
      this.logger.warn({ command: command.id, action: command.action, site, reason: error }, 'command not done');
    try {
      await this.db.query(
        `UPDATE commands SET status = $2, error = $3, finished_at = now(), deliveries = $4 WHERE id = $1`,
        [command.id, status, error, deliveries],
      );
    } catch (error) {
      this.logger.error({ command: command.id, status, error: String(error) }, 'command outcome not recorded');
    }
  }
}

/** What the agent's answer says: done with its relays, or refused (expired, when it found the deadline passed). */
function verdict(answers: unknown[]): { outcome: DeliveryOutcome; status: CommandStatus } {
  const acks = answers.map((answer) => commandAckSchema.safeParse(answer));
  for (const ack of acks)
    if (ack.success && ack.data.ok) return { outcome: { ok: true, relays: ack.data.relays }, status: 'done' };
  const refusal = acks.map((ack) => (ack.success && !ack.data.ok ? ack.data : null)).find(Boolean);
  const detail = refusal ? `${refusal.error}: ${refusal.message}` : 'bad ack';
  // An agent that found the deadline passed did not run it: expired, though it answered.
  return {
    outcome: failed(DELIVERY_FAILURE.refused, detail),
    status: refusal?.error === 'expired' ? 'expired' : 'failed',
  };
}

const failed = (failure: DeliveryFailure, detail?: string): DeliveryOutcome => ({
  ok: false,
  failure,
  ...(detail ? { detail } : {}),
});
