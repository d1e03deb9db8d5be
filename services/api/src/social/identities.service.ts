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

  /** The provider user ids are personal data too: they go with the account's purge. */
  async eraseFor(userId: number, tx: Writer): Promise<void> {
    await tx.query(`DELETE FROM user_identities WHERE user_id = $1`, [userId]);
  }
}
