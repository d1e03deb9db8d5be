import type { MyOrder } from '@kort/contracts';

/**
 * What /game receives in its navigation state (spec section 2: date, weekday, time, active, court,
 * id): my games write it, the game card reads it.
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
});
