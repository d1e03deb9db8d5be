import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AgentEventKind, CommandAction } from '@kort/contracts';

export type CommandStatus = 'queued' | 'delivered' | 'done' | 'failed' | 'expired';
export type CommandOrigin = 'api' | 'agent';

/**
 * Every door, light, shelf and display command: the audit log of who moved what, and how it went.
 * Rows of origin 'agent' are what the agent decided or saw on its own (offline.ts), uploaded from
 * its outbox: their id is the event's, their action the event's kind.
 */
@Entity({ name: 'commands' })
export class Command {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'site_id', type: 'text' })
  siteId!: string;

  @Column({ type: 'text', nullable: true })
  device!: string | null;

  @Column({ type: 'text' })
  action!: CommandAction | AgentEventKind;

  @Column({ name: 'requested_by', type: 'integer', nullable: true })
  requestedBy!: number | null;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt!: Date;

  @Column({ type: 'timestamptz' })
  deadline!: Date;

  @Column({ type: 'text' })
  status!: CommandStatus;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @Column({ type: 'text', default: 'api' })
  origin!: CommandOrigin;

  /** Taken by the agent while it could not reach the API. */
  @Column({ type: 'boolean', default: false })
  offline!: boolean;

  /** The game it concerns, when there is one. */
  @Column({ name: 'booking_id', type: 'integer', nullable: true })
  bookingId!: number | null;

  /** How many times the API sent it (deliver-command.processor.ts); null: the agent's own row. */
  @Column({ type: 'integer', nullable: true })
  deliveries!: number | null;
}
