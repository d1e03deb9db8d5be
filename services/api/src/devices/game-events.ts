import { Injectable } from '@nestjs/common';
import { Subject } from 'rxjs';

export interface GameEnded {
  bookingId: number;
  userId: number;
}

/** Game lifecycle events for features that react to them (equipment loans end with the game). */
@Injectable()
export class GameEvents {
  readonly ended = new Subject<GameEnded>();
}
