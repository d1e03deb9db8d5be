import { type EventBus } from '../event-bus';
import { type RelayDriver } from '../hardware/relay-driver';
import { type AlarmBook } from './alarm-book';

export interface DoorAlarmsOptions {
  bus: EventBus;
  driver: RelayDriver;
  book: AlarmBook;
  /** DOOR_HELD_OPEN_S: open this long is door.held-open. */
  heldOpenS: number;
  /** DOOR_FORCED_GRACE_S: an opening this soon after a door command, pulse, PIN or exit press is not forced. */
  forcedGraceS: number;
  /** A clock that never jumps (ms): the API clock's offset may be corrected between a pulse and the opening. */
  monotonic?: () => number;
}

/**
 * The door's alarms. door.held-open: the door open DOOR_HELD_OPEN_S (whatever opened it), cleared
 * when it closes. door.forced: the sensor opens while the strike is locked and no door command,
 * pulse (an API door.open or an offline PIN) or exit button press came within DOOR_FORCED_GRACE_S,
 * cleared when it closes. tamper: raised while the tamper input is tripped. Without a door sensor
 * or a tamper input the matching alarms never rise.
 */
export class DoorAlarms {
  /** When the strike last moved or the exit button was last touched (monotonic ms). */
  private lastLegitimate = Number.NEGATIVE_INFINITY;
  /** When the current opening began (monotonic ms), null while closed. */
  private openedAt: number | null = null;
  private heldTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void)[] = [];
  private readonly now: () => number;

  constructor(private readonly options: DoorAlarmsOptions) {
    this.now = options.monotonic ?? (() => performance.now());
  }

  /** After the book is loaded: what it kept from before the start is judged against the hardware now. */
  start(): void {
    const { bus, driver, book } = this.options;
    this.unsubscribe = [
      bus.on('doorPulsed', () => this.legitimate()),
      bus.on('relayChanged', ({ device }) => (device === 'door' ? this.legitimate() : undefined)),
      bus.on('doorSensorChanged', ({ closed }) => this.sensor(closed)),
      driver.onInput('exit-button', () => this.legitimate()),
      driver.onInput('tamper', (active) => this.tamper(active)),
    ];
    if (driver.doorClosed() === false) {
      // Open since before the start: held open from now on, unless it was raised already. How it
      // opened is not known, so it is not judged forced.
      this.openedAt = this.now();
      if (!book.isRaised('door.held-open')) this.armHeldOpen();
    } else {
      // Closed, or no sensor (any more): an opening raised before the start is over.
      void book.clear('door.held-open');
      void book.clear('door.forced');
    }
    this.tamper(driver.inputActive('tamper') === true);
  }

  stop(): void {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.disarmHeldOpen();
  }

  private legitimate(): void {
    this.lastLegitimate = this.now();
  }

  private sensor(closed: boolean): void {
    const { book, driver, forcedGraceS } = this.options;
    if (closed) {
      this.disarmHeldOpen();
      this.openedAt = null;
      void book.clear('door.held-open');
      void book.clear('door.forced');
      return;
    }
    this.openedAt = this.now();
    this.armHeldOpen();
    if (driver.states().door) return; // the strike is released: a command let them in
    const sinceS = (this.openedAt - this.lastLegitimate) / 1000;
    if (sinceS < forcedGraceS) return;
    void book.raise('door.forced', {
      detail: Number.isFinite(sinceS)
        ? `the door opened with the strike locked, ${Math.round(sinceS)} s after the last door command or exit press`
        : 'the door opened with the strike locked, no door command or exit press since the start',
    });
  }

  private tamper(active: boolean): void {
    if (active) void this.options.book.raise('tamper', { detail: 'the tamper input is tripped' });
    else void this.options.book.clear('tamper', { detail: 'the tamper input is back at rest' });
  }

  private armHeldOpen(): void {
    if (this.heldTimer) return;
    this.heldTimer = setTimeout(() => {
      this.heldTimer = null;
      const openS = Math.round((this.now() - (this.openedAt ?? this.now())) / 1000);
      void this.options.book.raise('door.held-open', { value: openS, detail: `the door has been open ${openS} s` });
    }, this.options.heldOpenS * 1000);
  }

  private disarmHeldOpen(): void {
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.heldTimer = null;
  }
}
