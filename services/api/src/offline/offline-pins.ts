import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { offlinePin, pinSalt, pinVerifier } from '@kort/contracts/schedule-crypto';
import { AppConfig } from '../config/app-config';

/**
 * The offline PIN of a game (docs/decisions.md, "Offline schedule"): derived from SESSION_SECRET and
 * the game id, so nothing is stored. Only the game's owner is ever told it (the door's send call
 * while the agent is offline, and "my games" for today); the agent gets a verifier, never the PIN.
 * Never log what `pin` returns.
 */
@Injectable()
export class OfflinePins {
  private readonly secret: Buffer;

  constructor(config: AppConfig) {
    this.secret = createHmac('sha256', config.sessionSecret).update('offline-pins').digest();
  }

  pin(gameId: number): string {
    return offlinePin(this.secret, gameId);
  }

  /** What the schedule carries for the game: a salt and the PIN's verifier under it. */
  verifier(gameId: number): { salt: string; pinHash: string } {
    const salt = pinSalt(this.secret, gameId);
    return { salt, pinHash: pinVerifier(salt, this.pin(gameId)) };
  }
}
