import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@kort/contracts';

export type DeletionKind = 'self' | 'admin';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  /** Trimmed and lowercased at the edge; unique. */
  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber!: string | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', default: 'player' })
  role!: Role;

  /** argon2id; null once purged (or for an account that only logs in through a provider). */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  /** Set when the e-mailed code is accepted; until then the account cannot log in. */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  /** Null means active. Self-deleted accounts are purged 10 days later; admin blocks are kept. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @Column({ name: 'deletion_kind', type: 'text', nullable: true })
  deletionKind!: DeletionKind | null;

  @Column({ name: 'purged_at', type: 'timestamptz', nullable: true })
  purgedAt!: Date | null;

  @Column({ name: 'is_sport_school', type: 'boolean', default: false })
  isSportSchool!: boolean;

  @Column({ name: 'rules_accepted_at', type: 'timestamptz', nullable: true })
  rulesAcceptedAt!: Date | null;

  /** Secret of the player's iCalendar feed (GET /api/calendar/<token>.ics); null when off. */
  @Column({ name: 'calendar_token', type: 'text', nullable: true })
  calendarToken!: string | null;

  /** The site the player's calls act on (POST /api/site/); null: the install's first site. */
  @Column({ name: 'current_site_id', type: 'text', nullable: true })
  currentSiteId!: string | null;

  /** Bumped when every other session must end (password change, deletion, block). */
  @Column({ name: 'auth_epoch', type: 'integer', default: 0 })
  authEpoch!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
