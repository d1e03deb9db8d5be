import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Repository } from 'typeorm';
import { commandAckSchema, EDGE_EVENTS, type RelayStates } from '@kort/contracts';
import { isOutage } from '../common/outage-error';
import { QUEUES } from '../queues/queues';
import { Command, type CommandStatus } from './command.entity';
import { CommandsService, DELIVERY_FAILURE, type CommandJob } from './commands.service';
import { EdgeGateway, siteRoom } from './edge.gateway';

/**
 * Delivers a command to its site's agent with an acknowledged emit. An empty room is "offline",
 * not success; no ack by the deadline, an agent error or a passed deadline fail the command. It is
 * never retried, so it can never run late or twice (the agent also ignores a repeated id).
 */
// maxStalledCount 0: a job whose worker died is failed, never run again by another worker.
@Processor(QUEUES.commands, { concurrency: 50, maxStalledCount: 0 })
export class DeliverCommandProcessor extends WorkerHost {
  private readonly logger = new Logger('CommandDelivery');

  constructor(
    @InjectRepository(Command) private readonly commands: Repository<Command>,
    private readonly edge: EdgeGateway,
    private readonly service: CommandsService,
  ) {
    super();
  }

  async process(job: Job<CommandJob>): Promise<RelayStates> {
    try {
      return await this.deliver(job);
    } catch (error) {
      // The database away mid-delivery is not "the device did not answer": the caller answers 503.
      if (isOutage(error)) throw new UnrecoverableError(DELIVERY_FAILURE.unavailable);
      throw error;
    }
  }

  private async deliver(job: Job<CommandJob>): Promise<RelayStates> {
    const command = await this.commands.findOneByOrFail({ id: job.data.commandId });
    if (command.deadline.getTime() <= Date.now()) return this.fail(command, 'expired', DELIVERY_FAILURE.expired);

    const agents = await this.edge.server.in(siteRoom(command.siteId)).fetchSockets();
    if (agents.length === 0) return this.fail(command, 'failed', DELIVERY_FAILURE.offline);
    // The agent's socket on this replica gets the command directly; one on another replica is
    // reached through the Redis adapter's broadcast.
    const local = agents.map((agent) => this.edge.server.sockets.get(agent.id)).find((socket) => socket !== undefined);
    const payload = this.service.payload(command, job.data.params);

    // Claim the command: only one delivery ever, whatever BullMQ does with the job.
    const claimed = await this.commands.update({ id: command.id, status: 'queued' }, { status: 'delivered' });
    if (!claimed.affected) throw new UnrecoverableError('already delivered');
    // Measured now, after the lookups: the agent must not get more time than the deadline leaves.
    const remaining = command.deadline.getTime() - Date.now();
    if (remaining <= 0) return this.fail(command, 'expired', DELIVERY_FAILURE.expired);
    let answers: unknown[];
    try {
      answers = local
        ? [await local.timeout(remaining).emitWithAck(EDGE_EVENTS.command, payload)]
        : await this.edge.server
            .to(siteRoom(command.siteId))
            .timeout(remaining)
            .emitWithAck(EDGE_EVENTS.command, payload);
    } catch {
      return this.fail(command, 'failed', DELIVERY_FAILURE.noAck);
    }
    if (answers.length === 0) return this.fail(command, 'failed', DELIVERY_FAILURE.offline);

    const acks = answers.map((answer) => commandAckSchema.safeParse(answer));
    const success = acks.find((ack) => ack.success && ack.data.ok);
    if (success?.success && success.data.ok) {
      await this.finish(command, 'done', null);
      return success.data.relays;
    }
    const refusal = acks.find((ack) => ack.success && !ack.data.ok);
    const detail = refusal?.success && !refusal.data.ok ? `${refusal.data.error}: ${refusal.data.message}` : 'bad ack';
    return this.fail(
      command,
      refusal?.success && !refusal.data.ok && refusal.data.error === 'expired' ? 'expired' : 'failed',
      `${DELIVERY_FAILURE.refused} (${detail})`,
    );
  }

  private async fail(command: Command, status: CommandStatus, reason: string): Promise<never> {
    await this.finish(command, status, reason);
    this.logger.warn({ command: command.id, action: command.action, site: command.siteId, reason }, 'command not done');
    throw new UnrecoverableError(reason);
  }

  private async finish(command: Command, status: CommandStatus, error: string | null): Promise<void> {
    await this.commands.update(command.id, { status, error, finishedAt: new Date() });
  }
}
