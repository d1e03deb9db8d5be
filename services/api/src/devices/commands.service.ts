import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Repository } from 'typeorm';
import {
  type CommandAction,
  DeviceError,
  type EdgeCommand,
  type ErrorCode,
  type RelayId,
  type RelayStates,
  RequestError,
} from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { COMMANDS, JOBS, QUEUES } from '../queues/queues';
import { bullOptions } from '../queues/queues.module';
import type { Writer } from '../common/writer';
import { Command } from './command.entity';
import type { SiteRef } from '../common/site-ref';
import { CommandOutcomes, DELIVERY_FAILURE, type DeliveryFailure, type DeliveryOutcome } from './command-outcomes';

/**
 * The whole command travels in its job (the door code too, which is never stored): the worker
 * needs nothing from the database to deliver it.
 */
export interface CommandJob {
  command: EdgeCommand;
  site: string;
  audit: { requestedBy: number | null; requestedAt: number; bookingId: number | null };
}

export interface CommandRequest {
  /** The site whose agent runs it: only that site's agent ever receives it. */
  site: Pick<SiteRef, 'id'>;
  action: CommandAction;
  device: RelayId | null;
  requestedBy: number | null;
  params?: EdgeCommand['params'];
  /** The game the command is for (a door opening, a door code on the display). */
  bookingId?: number;
}

/** Each delivery failure's error code for the caller (the door falls back offline on AgentOffline). */
const FAILURE_CODES: Record<DeliveryFailure, ErrorCode> = {
  'agent-offline': DeviceError.AgentOffline,
  'agent-refused': DeviceError.Failed,
  'service-unavailable': RequestError.Unavailable,
  'no-ack': DeviceError.Timeout,
  'deadline-passed': DeviceError.Timeout,
};

/**
 * Runs a device command and waits for the agent's answer: the command
 * is a row (the audit log) and a BullMQ job with a deadline; the caller hears the outcome within
 * the deadline. One command costs one row insert ("queued"), one Redis job and the outcome's row
 * update by the worker (deliver-command.processor.ts), which reads nothing from the database.
 * Deadlines are wall-clock time shared with the agent, not the business Clock.
 */
@Injectable()
export class CommandsService implements OnModuleDestroy {
  private readonly logger = new Logger('Commands');
  private readonly events: QueueEvents;

  constructor(
    @InjectQueue(QUEUES.commands) private readonly queue: Queue<CommandJob, DeliveryOutcome>,
    @InjectRepository(Command) private readonly commands: Repository<Command>,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly outcomes: CommandOutcomes,
  ) {
    this.events = new QueueEvents(QUEUES.commands, bullOptions(config));
  }

  async run(request: CommandRequest): Promise<RelayStates> {
    const job = this.prepare(request);
    // A command that cannot be logged is not run (PostgreSQL away: the caller answers 503).
    await this.record(job);
    return this.deliver(job);
  }

  /**
   * The command's job, its deadline counted from now. A caller with a transaction of its own (the
   * door consuming a code) records it there and delivers after its commit: one commit, not two.
   */
  prepare(request: CommandRequest): CommandJob {
    // Without a site the command would have no agent: a bug of the caller, not a device failure.
    if (typeof request.site?.id !== 'string') throw new Error('device command without a site');
    const now = Date.now();
    const budget = request.action.startsWith('door.')
      ? COMMANDS.DOOR_DEADLINE_MS
      : (this.config.commandDeadlineMs ?? COMMANDS.DEFAULT_DEADLINE_MS);
    return {
      command: {
        id: randomUUID(),
        action: request.action,
        device: request.device,
        deadline: now + budget,
        params: request.params ?? {},
      },
      site: request.site.id,
      audit: { requestedBy: request.requestedBy, requestedAt: now, bookingId: request.bookingId ?? null },
    };
  }

  /** Sends a recorded command to its site's agent and waits for the outcome, within its deadline. */
  async deliver(job: CommandJob): Promise<RelayStates> {
    const budget = job.command.deadline - job.audit.requestedAt;
    await this.events.waitUntilReady();
    let outcome: DeliveryOutcome;
    // A little beyond the deadline: the worker itself gives up at the deadline and says so. Our own
    // timer (BullMQ's ttl timer outlives the job and would hold the process open for seconds).
    let timer: NodeJS.Timeout | undefined;
    try {
      const local = this.outcomes.wait(job.command.id);
      const added = await this.queue.add(JOBS.deliverCommand, job, { jobId: job.command.id });
      const timeout = new Promise<DeliveryOutcome>((resolve) => {
        timer = setTimeout(
          () => resolve({ ok: false, failure: DELIVERY_FAILURE.noAck }),
          budget + COMMANDS.CALLER_GRACE_MS,
        );
      });
      outcome = await Promise.race([local, added.waitUntilFinished(this.events), timeout]);
    } catch (error) {
      // The worker threw (it returns every expected failure): the database was away, or a bug.
      this.logger.error({ command: job.command.id, error: String(error) }, 'command delivery broke');
      outcome = { ok: false, failure: DELIVERY_FAILURE.unavailable };
    } finally {
      clearTimeout(timer);
      this.outcomes.forget(job.command.id);
    }
    this.metrics.commandFinished(job.command.action, outcome.ok ? 'done' : outcome.failure);
    if (outcome.ok) return outcome.relays;
    this.logger.warn(
      { command: job.command.id, action: job.command.action, reason: outcome.failure },
      'command failed',
    );
    throw new KortError(FAILURE_CODES[outcome.failure]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events.close();
  }

  /** The audit row, "queued" until the worker writes the outcome; in the caller's transaction if given. */
  async record({ command, site, audit }: CommandJob, writer: Writer = this.commands.manager): Promise<void> {
    await writer.query(
      `INSERT INTO commands (id, site_id, device, action, requested_by, booking_id, requested_at, deadline, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'queued')`,
      [
        command.id,
        site,
        command.device,
        command.action,
        audit.requestedBy,
        audit.bookingId,
        new Date(audit.requestedAt),
        new Date(command.deadline),
      ],
    );
  }
}
