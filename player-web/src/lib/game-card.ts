import type { GamePayment, GameStatus, MyOrder } from '@kort/contracts';
import { gameDayAndHour, hourRange } from './format';
import { ui } from './messages';

/**
 * What /game receives in its navigation state (the spec's: date, weekday, time, active, court,
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
  /** A priced game's money as my games last read it (absent for a free game, and in older states). */
  payment?: GamePayment;
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
  ...(game.payment ? { payment: game.payment } : {}),
});

/** How a game's court is titled: «Корт 2», or the club's name for it («Грунт»). */
export const courtTitle = (game: { court: number; courtName?: string }): string =>
  game.courtName ?? ui.court(game.court);

/** How a sentence names it: 'корт 2', or the club's name. */
export const courtWords = (game: { court: number; courtName?: string }): string =>
  game.courtName ?? `корт ${game.court}`;

/** How a sentence names a game of my games: '25 ноября 2026, 18:00, корт 2' (or the club's name for the court). */
export const gameWords = (game: MyOrder, today: string): string =>
  ui.games.gameLine(gameDayAndHour(game.time_start, today), game.court_name ?? `корт ${game.name}`);

/** Minutes past midnight of 'HH:MM'. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * When the door first opens for a game: `minutesBefore` (the club's door window) before its start,
 * as an instant and as the club's 'HH:MM' (games start at 6:00 at the earliest and the window is at
 * most two hours, so the day never changes).
 */
export function doorOpensAt(card: Pick<GameCardState, 'time' | 'timeStart'>, minutesBefore: number) {
  return {
    ms: Date.parse(card.timeStart) - minutesBefore * 60_000,
    time: hhmm(Math.max(0, minutesOf(card.time) - minutesBefore)),
  };
}

/**
 * Where an upcoming game stands by the club's clock: the door not open yet ('waiting'), open before
 * the start ('door'), or the hour begun ('started'). Null `nowMs` (the clock not known yet): the
 * card's game-day flag decides, as the server will.
 */
export type GamePhase = 'waiting' | 'door' | 'started';
export function gamePhase(
  card: Pick<GameCardState, 'time' | 'timeStart' | 'active'>,
  nowMs: number | null,
  doorMinutes: number,
): GamePhase {
  if (nowMs === null) return card.active ? 'door' : 'waiting';
  if (nowMs >= Date.parse(card.timeStart)) return 'started';
  return nowMs >= doorOpensAt(card, doorMinutes).ms ? 'door' : 'waiting';
}

/**
 * The game whose door the player may open now (a link from the door's QR): upcoming or on, its door
 * window open, its hour not over. Null when there is none.
 */
export function gameAtTheDoor(games: MyOrder[], nowMs: number, doorMinutes: number, gameMinutes: number) {
  return (
    games.find((game) => {
      if (game.status !== 'upcoming' && game.status !== 'playing') return false;
      const start = Date.parse(game.time_start);
      return nowMs >= start - doorMinutes * 60_000 && nowMs < start + gameMinutes * 60_000;
    }) ?? null
  );
}

/** The game's hour as the card writes it, '18:00–19:00' (a start off the hour keeps its minutes). */
export function gameHours(card: Pick<GameCardState, 'time'>): string {
  const start = minutesOf(card.time);
  if (Number.isNaN(start)) return card.time;
  return start % 60 === 0 ? hourRange(start / 60) : `${card.time}–${hhmm(start + 60)}`;
}
