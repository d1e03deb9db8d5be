import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A one-hour game on a court. Live (not cancelled) games never overlap on one court: a Postgres
 * exclusion constraint guarantees it under any concurrency.
 */
@Entity({ name: 'bookings' })
export class Booking {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  /** Null: a walk-in guest's game (guest_id; docs/decisions/0100-walk-in-guests.md). */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @Column({ name: 'guest_id', type: 'integer', nullable: true })
  guestId!: number | null;

  @Column({ name: 'court_id', type: 'integer' })
  courtId!: number;

  /** The court's site (set from the court by the slot trigger, whoever inserts the game). */
  @Column({ name: 'site_id', type: 'text' })
  siteId!: string;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt!: Date;

  @Column({ name: 'players_count', type: 'integer' })
  playersCount!: number;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;

  /** The first door opening of the game (spec: "the first opening starts the game"). */
  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  /** Released as a no-show: its door was not opened NO_SHOW_AFTER_MIN after the start. */
  @Column({ name: 'no_show_at', type: 'timestamptz', nullable: true })
  noShowAt!: Date | null;

  @Column({ name: 'no_show_forgiven_at', type: 'timestamptz', nullable: true })
  noShowForgivenAt!: Date | null;

  /** A waitlist offer not yet confirmed: the slot is kept for the player until then. */
  @Column({ name: 'held_until', type: 'timestamptz', nullable: true })
  heldUntil!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
