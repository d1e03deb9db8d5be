import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Repository } from 'typeorm';
import { messages } from '@kort/contracts';
import { Clock } from '../common/clock';
import { DetailException } from '../common/detail.exception';
import { AppConfig } from '../config/app-config';
import { CodePurpose, OneTimeCode } from './one-time-code.entity';

export const CODE_POLICY = {
  lifetimeMs: 10 * 60 * 1000,
  maxAttempts: 5,
  lockMs: 60 * 60 * 1000,
  maxSentPerHour: 5,
} as const;

export type CodeCheck = 'ok' | 'invalid' | 'locked';

/**
 * E-mailed 4-digit codes (ARCHITECTURE.md section 4): from a CSPRNG, stored as a keyed hash,
 * 10 minutes, single use, dead after 5 wrong tries (and the account's codes of that purpose locked
 * for an hour, so a fresh code does not buy a fresh 5 guesses), at most 5 sent per e-mail an hour.
 */
@Injectable()
export class OneTimeCodesService {
  private readonly key: Buffer;

  constructor(
    @InjectRepository(OneTimeCode) private readonly codes: Repository<OneTimeCode>,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.key = createHmac('sha256', config.sessionSecret).update('one-time-codes').digest();
  }

  /** Creates a code, replacing any live one. Throws 429 past the hourly sending limit. */
  async issue(userId: number, purpose: CodePurpose): Promise<string> {
    const now = this.clock.now();
    const hourAgo = new Date(now.getTime() - 3600_000);
    const sent = await this.codes
      .createQueryBuilder('c')
      .where('c.user_id = :userId AND c.created_at > :hourAgo', { userId, hourAgo })
      .getCount();
    if (sent >= CODE_POLICY.maxSentPerHour) throw new DetailException(429, messages.codeSendLimit);

    await this.codes
      .createQueryBuilder()
      .update()
      .set({ consumedAt: now })
      .where('user_id = :userId AND purpose = :purpose AND consumed_at IS NULL', { userId, purpose })
      .execute();
    const code = randomInt(0, 10_000).toString().padStart(4, '0');
    await this.codes.insert({
      userId,
      purpose,
      codeHash: this.hash(userId, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_POLICY.lifetimeMs),
    });
    return code;
  }

  /** Checks a code; a right one is consumed, a wrong one counts against the live code. */
  async check(userId: number, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    const now = this.clock.now();
    if (await this.isLocked(userId, purpose, now)) return 'locked';
    const live = await this.codes
      .createQueryBuilder('c')
      .where('c.user_id = :userId AND c.purpose = :purpose', { userId, purpose })
      .andWhere('c.consumed_at IS NULL AND c.expires_at > :now AND c.attempts < :max', {
        now,
        max: CODE_POLICY.maxAttempts,
      })
      .orderBy('c.created_at', 'DESC')
      .getOne();
    // A parallel guess may have just killed the code: then this one hears "locked" too.
    if (!live) return (await this.isLocked(userId, purpose, now)) ? 'locked' : 'invalid';

    if (!this.matches(live.codeHash, this.hash(userId, purpose, code))) {
      // Atomic, so parallel guesses cannot share one attempt.
      const [rows] = await this.codes.query<[{ attempts: number }[], number]>(
        `UPDATE one_time_codes SET attempts = attempts + 1, last_failed_at = $2
          WHERE id = $1 AND attempts < $3 RETURNING attempts`,
        [live.id, now, CODE_POLICY.maxAttempts],
      );
      const attempts = rows[0]?.attempts ?? CODE_POLICY.maxAttempts;
      return attempts >= CODE_POLICY.maxAttempts ? 'locked' : 'invalid';
    }
    const [, consumed] = await this.codes.query<[unknown[], number]>(
      `UPDATE one_time_codes SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL`,
      [live.id, now],
    );
    return consumed === 1 ? 'ok' : 'invalid';
  }

  private async isLocked(userId: number, purpose: CodePurpose, now: Date): Promise<boolean> {
    return this.codes
      .createQueryBuilder('c')
      .where('c.user_id = :userId AND c.purpose = :purpose', { userId, purpose })
      .andWhere('c.attempts >= :max AND c.last_failed_at > :since', {
        max: CODE_POLICY.maxAttempts,
        since: new Date(now.getTime() - CODE_POLICY.lockMs),
      })
      .getExists();
  }

  private hash(userId: number, purpose: CodePurpose, code: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${purpose}:${code}`).digest('base64url');
  }

  private matches(stored: string, candidate: string): boolean {
    const a = Buffer.from(stored);
    const b = Buffer.from(candidate);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
