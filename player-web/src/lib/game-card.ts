import type { GameStatus, MyOrder } from '@kort/contracts';

/**
 * What /game receives in its navigation state (spec section 2: date, weekday, time, active, court,
 * id, and the game's status): my games write it, the game card reads it and writes the status back
 * when the door opens or the game ends, so a reload shows what the player last saw.
 */
export interface GameCardState {
  gameId: number;
  date: string;
  weekday: string;
  time: string;
  active: boolean;
  court: number;
  idCort: number;
  timeStart: string;
  status: GameStatus;
}

export const cardState = (game: MyOrder): GameCardState => ({
  gameId: game.id,
  date: game.date,
  weekday: game.day_of_week,
  time: game.time,
  active: game.today,
  court: game.name,
  idCort: game.id_cort,
  timeStart: game.time_start,
  status: game.status,
});
