import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { SocialProvider } from '@kort/contracts';
import type { Writer } from '../common/writer';
import { UserIdentity } from './user-identity.entity';

/** The login-provider identities of an account, as the account's own screens and its purge need them. */
@Injectable()
export class IdentitiesService {
  constructor(@InjectRepository(UserIdentity) private readonly identities: Repository<UserIdentity>) {}

  async linkedProviders(userId: number): Promise<SocialProvider[]> {
    const linked = await this.identities.find({ where: { userId }, order: { provider: 'ASC' } });
    return linked.map((identity) => identity.provider);
  }

  /** A login through a linked identity: when it was last used. */
  async touch(identityId: number, at: Date, tx: Writer): Promise<void> {
    await tx.query(`UPDATE user_identities SET last_login_at = $2 WHERE id = $1`, [identityId, at]);
  }

  /** Links the provider's user to the account: one identity per provider, a newer one replaces the old. */
  async link(userId: number, provider: SocialProvider, subject: string, at: Date, tx: Writer): Promise<void> {
    await tx.query(`DELETE FROM user_identities WHERE user_id = $1 AND provider = $2`, [userId, provider]);
    await tx.query(`INSERT INTO user_identities (user_id, provider, subject, last_login_at) VALUES ($1, $2, $3, $4)`, [
      userId,
      provider,
      subject,
      at,
    ]);
  }

  /** The provider user ids are personal data too: they go with the account's purge. */
  async eraseFor(userId: number, tx: Writer): Promise<void> {
    await tx.query(`DELETE FROM user_identities WHERE user_id = $1`, [userId]);
  }
}
