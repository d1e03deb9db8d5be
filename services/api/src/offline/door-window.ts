import type { AppConfig } from '../config/app-config';

/** When a game's door may be opened: [start − opensBefore, end + closesAfter), online and offline alike. */
export interface DoorWindow {
  open: Date;
  close: Date;
}

export function doorWindow(game: { startsAt: Date; endsAt: Date }, settings: AppConfig['doorWindow']): DoorWindow {
  return {
    open: new Date(game.startsAt.getTime() - settings.opensBeforeMin * 60_000),
    close: new Date(game.endsAt.getTime() + settings.closesAfterMin * 60_000),
  };
}
