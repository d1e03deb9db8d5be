import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type CodePurpose = 'activation' | 'password_reset';

/** An e-mailed 4-digit code. Only its keyed hash is stored. */
@Entity({ name: 'one_time_codes' })
export class OneTimeCode {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ type: 'text' })
  purpose!: CodePurpose;

  @Column({ name: 'code_hash', type: 'text' })
  codeHash!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_failed_at', type: 'timestamptz', nullable: true })
  lastFailedAt!: Date | null;

  /** Used, or replaced by a newer code. */
  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;
}
