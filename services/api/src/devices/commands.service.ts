import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Repository } from 'typeorm';
import { messages, type CommandAction, type EdgeCommand, type RelayId, type RelayStates } from '@kort/contracts';
import { DetailException } from '../common/detail.exception';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { DOOR_COMMAND_DEADLINE_MS, JOBS, QUEUES } from '../queues/queues';
import { bullOptions } from '../queues/queues.module';
import { Command } from './command.entity';
import { DEFAULT_SITE } from './devices.service';

export interface CommandJob {
  commandId: string;
  /** Travels in the job, not the audit row: a door code must not be stored in the clear. */
  params?: EdgeCommand['params'];
}

/** Why a delivery failed, as the processor reports it (BullMQ failedReason). */
export const DELIVERY_FAILURE = {
  offline: 'agent-offline',
  expired: 'deadline-passed',
  noAck: 'no-ack',
  refused: 'agent-refused',
  /** PostgreSQL went away while the command was being delivered. */
  unavailable: 'service-unavailable',
} as const;

export interface CommandRequest {
  action: CommandAction;
  device: RelayId | null;
  requestedBy: number | null;
  params?: EdgeCommand['params'];
  site?: string;
  /** The game the command is for (a door opening, a door code on the display). */
  bookingId?: number;
}

/** The agent of the command's site is not connected (the caller answers 503, or falls back offline). */
export class AgentOfflineException extends DetailException {
  constructor() {
    super(503, messages.agentOffline);
  }
}

/**
 * Runs a device command and waits for the agent's answer (ARCHITECTURE.md section 4): the command
 * is a row (the audit log) and a BullMQ job with a deadline; the caller hears the outcome within
 * the deadline. Deadlines are wall-clock time shared with the agent, not the business Clock.
 */
@Injectable()
export class CommandsService implements OnModuleDestroy {
  private readonly logger = new Logger('Commands');
  private readonly events: QueueEvents;

  constructor(
    @InjectQueue(QUEUES.commands) private readonly queue: Queue<CommandJob>,
    @InjectRepository(Command) private readonly commands: Repository<Command>,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    this.events = new QueueEvents(QUEUES.commands, bullOptions(config));
  }

  async run(request: CommandRequest): Promise<RelayStates> {
    const now = Date.now();
    const budget = request.action.startsWith('door.') ? DOOR_COMMAND_DEADLINE_MS : this.config.commandDeadlineMs;
    const command = await this.commands.save(
      this.commands.create({
        id: randomUUID(),
        siteId: request.site ?? DEFAULT_SITE,
        device: request.device,
        action: request.action,
        requestedBy: request.requestedBy,
        bookingId: request.bookingId ?? null,
        requestedAt: new Date(now),
        deadline: new Date(now + budget),
        status: 'queued',
      }),
    );
    await this.events.waitUntilReady();
    const job = await this.queue.add(
      JOBS.deliverCommand,
      { commandId: command.id, params: request.params },
      { jobId: command.id },
    );
    // A little beyond the deadline: the processor itself gives up at the deadline. Our own timer
    // (BullMQ's ttl timer outlives the job and would hold the process open for seconds).
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      // The worker gives up at the deadline; a moment more lets its verdict arrive.
      timer = setTimeout(() => reject(new Error(DELIVERY_FAILURE.noAck)), budget + 250);
    });
    try {
      const relays = (await Promise.race([job.waitUntilFinished(this.events), timeout])) as RelayStates;
      this.metrics.commandFinished(request.action, 'done');
      return relays;
    } catch (error) {
      throw this.toHttp(command, error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The payload the agent receives. */
  payload(command: Command, params: EdgeCommand['params'] = {}): EdgeCommand {
    return {
      id: command.id,
      // Only API commands (origin 'api') are ever delivered.
      action: command.action as CommandAction,
      device: command.device as RelayId | null,
      deadline: command.deadline.getTime(),
      params,
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.events.close();
  }

  private toHttp(command: Command, error: unknown): DetailException {
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn({ command: command.id, action: command.action, reason }, 'command failed');
    // Counted here, by the caller's replica, so a command is counted once whichever worker ran it.
    const failure = Object.values(DELIVERY_FAILURE).find((known) => reason.includes(known));
    this.metrics.commandFinished(command.action as CommandAction, failure ?? 'error');
    if (reason.includes(DELIVERY_FAILURE.offline)) return new AgentOfflineException();
    if (reason.includes(DELIVERY_FAILURE.refused)) return new DetailException(502, messages.deviceFailed);
    if (reason.includes(DELIVERY_FAILURE.unavailable)) return new DetailException(503, messages.serviceUnavailable);
    // No ack, the deadline passed, or nobody picked the job up in time.
    return new DetailException(504, messages.deviceTimeout);
  }
}
