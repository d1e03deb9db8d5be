import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SocialProvider } from '@kort/contracts';

/**
 * An account at VK ID or Yandex ID that logs in to one of ours. Keyed by the provider's stable user
 * id, not the e-mail: a player who changes their e-mail there still lands in the same account here.
 */
@Entity('user_identities')
export class UserIdentity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ type: 'text' })
  provider!: SocialProvider;

  /** The provider's user id (VK ID `user_id`, Yandex `id`). */
  @Column({ type: 'text' })
  subject!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;
}
