import type { GameStatus, MyOrder } from '@kort/contracts';
import { ui } from './messages';

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
  /** The court's name when the club named it («Грунт»); absent for «Корт N» (and in older states). */
  courtName?: string;
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
  ...(game.court_name ? { courtName: game.court_name } : {}),
  idCort: game.id_cort,
  timeStart: game.time_start,
  status: game.status,
});

/** How a game's court is titled: «Корт 2», or the club's name for it («Грунт»). */
export const courtTitle = (game: { court: number; courtName?: string }): string =>
  game.courtName ?? ui.court(game.court);

/** How a sentence names it: 'корт 2', or the club's name. */
export const courtWords = (game: { court: number; courtName?: string }): string =>
  game.courtName ?? `корт ${game.court}`;
