import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CommandAction } from '@kort/contracts';

export type CommandStatus = 'queued' | 'delivered' | 'done' | 'failed' | 'expired';

/** Every door, light, shelf and display command: the audit log of who moved what, and how it went. */
@Entity({ name: 'commands' })
export class Command {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'site_id', type: 'text' })
  siteId!: string;

  @Column({ type: 'text', nullable: true })
  device!: string | null;

  @Column({ type: 'text' })
  action!: CommandAction;

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
}
