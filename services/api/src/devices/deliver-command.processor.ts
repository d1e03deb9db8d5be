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
 * deadline fail the command. Never retried and never stalled into a second run (maxStalledCount 0),
 * so it can never run late or twice; the agent also ignores an id it has already run. Every
 * expected failure is returned, not thrown: the caller turns it into its answer.
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
    const { outcome, status } = await this.deliver(job.data);
    await this.record(job.data, outcome, status);
    this.outcomes.settle(job.data.command.id, outcome); // a caller on this replica hears it now
    return outcome;
  }

  /** The outcome for the caller and the status for the audit row. */
  private async deliver({ command, site }: CommandJob): Promise<{ outcome: DeliveryOutcome; status: CommandStatus }> {
    // Measured at the last moment: the agent must not get more time than the deadline leaves.
    const remaining = command.deadline - Date.now();
    if (remaining <= 0) return { outcome: failed(DELIVERY_FAILURE.expired), status: 'expired' };
    let answers: unknown[];
    try {
      answers = await this.edge.deliver(site, command, remaining);
    } catch {
      return { outcome: failed(DELIVERY_FAILURE.noAck), status: 'failed' };
    }
    if (answers.length === 0) return { outcome: failed(DELIVERY_FAILURE.offline), status: 'failed' };

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

  /**
   * The outcome in the audit row. The command has happened (or not) whatever this write does: if
   * PostgreSQL is away the caller still hears the truth, and the row stays "queued".
   */
  private async record({ command, site }: CommandJob, outcome: DeliveryOutcome, status: CommandStatus): Promise<void> {
    const error = outcome.ok ? null : outcome.detail ? `${outcome.failure} (${outcome.detail})` : outcome.failure;
    if (error)
      this.logger.warn({ command: command.id, action: command.action, site, reason: error }, 'command not done');
    try {
      await this.db.query(`UPDATE commands SET status = $2, error = $3, finished_at = now() WHERE id = $1`, [
        command.id,
        status,
        error,
      ]);
    } catch (error) {
      this.logger.error({ command: command.id, status, error: String(error) }, 'command outcome not recorded');
    }
  }
}

const failed = (failure: DeliveryFailure, detail?: string): DeliveryOutcome => ({
  ok: false,
  failure,
  ...(detail ? { detail } : {}),
});
