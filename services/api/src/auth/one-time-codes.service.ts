import { Injectable } from '@nestjs/common';
import { createHmac, randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AuthError } from '@kort/contracts';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { safeEqual } from '../common/safe-equal';
import { AppConfig } from '../config/app-config';
import type { CodePurpose } from './one-time-code.entity';

export const CODE_POLICY = {
  lifetimeMs: 10 * 60 * 1000,
  maxAttempts: 5,
  lockMs: 60 * 60 * 1000,
  maxSentPerHour: 5,
} as const;

export type CodeCheck = 'ok' | 'invalid' | 'locked';

/** Namespace of the per-account advisory lock that serialises issuing and checking codes. */
const CODES_LOCK = 0x636f6465; // 'code'

/**
 * E-mailed 4-digit codes (docs/decisions/0003-one-time-codes.md): from a CSPRNG, stored as a keyed hash,
 * 10 minutes, single use. Five wrong tries within an hour, across all codes of that purpose, lock
 * the account's codes of that purpose for the hour (a fresh code does not buy fresh guesses). At
 * most 5 codes are sent per e-mail an hour. Issuing and checking hold a per-account transaction
 * lock, so parallel requests are judged one after another and cannot share an attempt.
 */
@Injectable()
export class OneTimeCodesService {
  private readonly key: Buffer;

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.key = createHmac('sha256', config.sessionSecret).update('one-time-codes').digest();
  }

  /** Creates a code, replacing any live one. Throws 429 past the hourly sending limit. */
  async issue(userId: number, purpose: CodePurpose): Promise<string> {
    const now = this.clock.now();
    const code = randomInt(0, 10_000).toString().padStart(4, '0');
    await this.locked(userId, async (tx) => {
      const [{ sent }] = await tx.query<[{ sent: number }]>(
        `SELECT count(*)::int AS sent FROM one_time_codes WHERE user_id = $1 AND created_at > $2`,
        [userId, new Date(now.getTime() - 3600_000)],
      );
      if (sent >= CODE_POLICY.maxSentPerHour) throw new KortError(AuthError.CodeSendLimit);
      await tx.query(
        `UPDATE one_time_codes SET consumed_at = $3 WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL`,
        [userId, purpose, now],
      );
      await tx.query(
        `INSERT INTO one_time_codes (user_id, purpose, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
        [userId, purpose, this.hash(userId, purpose, code), now, new Date(now.getTime() + CODE_POLICY.lifetimeMs)],
      );
    });
    return code;
  }

  /** Checks a code; a right one is consumed, a wrong one counts against the account. */
  async check(userId: number, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    const now = this.clock.now();
    return this.locked(userId, async (tx) => {
      const [{ failures }] = await tx.query<[{ failures: number }]>(
        `SELECT coalesce(sum(attempts), 0)::int AS failures FROM one_time_codes
          WHERE user_id = $1 AND purpose = $2 AND last_failed_at > $3`,
        [userId, purpose, new Date(now.getTime() - CODE_POLICY.lockMs)],
      );
      if (failures >= CODE_POLICY.maxAttempts) return 'locked';
      const [live] = await tx.query<{ id: number; code_hash: string }[]>(
        `SELECT id, code_hash FROM one_time_codes
          WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL AND expires_at > $3 AND attempts < $4
          ORDER BY created_at DESC LIMIT 1`,
        [userId, purpose, now, CODE_POLICY.maxAttempts],
      );
      if (!live) return 'invalid';
      if (safeEqual(live.code_hash, this.hash(userId, purpose, code))) {
        await tx.query(`UPDATE one_time_codes SET consumed_at = $2 WHERE id = $1`, [live.id, now]);
        return 'ok';
      }
      await tx.query(`UPDATE one_time_codes SET attempts = attempts + 1, last_failed_at = $2 WHERE id = $1`, [
        live.id,
        now,
      ]);
      return failures + 1 >= CODE_POLICY.maxAttempts ? 'locked' : 'invalid';
    });
  }

  private locked<T>(userId: number, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [CODES_LOCK, userId]);
      return work(tx);
    });
  }

  private hash(userId: number, purpose: CodePurpose, code: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${purpose}:${code}`).digest('base64url');
  }
}
