import { commandSchema, type RelayId } from '@kort/contracts';
import { type z } from 'zod';
import { type DisplayCode, type EventBus } from '../event-bus';
import { type RelayDriver } from '../hardware/relay-driver';
import { type Logger } from '../logger';
import { type CommandResult, type StateStore } from '../state/state-store';

type Command = z.output<typeof commandSchema>;

export interface CommandRunnerOptions {
  driver: RelayDriver;
  bus: EventBus;
  state: StateStore;
  logger: Logger;
  /** How long door.open keeps the strike released. */
  doorPulseMs: number;
  now?: () => number;
}

class Refusal extends Error {
  constructor(
    readonly error: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs the API's commands on the hardware and answers with the ack the API waits for. Commands run
 * one at a time, never after their deadline, and never twice for the same id.
 */
export class CommandRunner {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly running = new Map<string, Promise<CommandResult>>();
  private relockTimer: NodeJS.Timeout | null = null;
  private displayTimer: NodeJS.Timeout | null = null;
  /** Unsubscribes what restoreShelves subscribed (the state keeping shelf locks and door openings). */
  private keepChanges: (() => void)[] = [];
  /** The game whose code is on the display (null: unknown, e.g. restored after a restart). */
  private displayGame: number | null = null;
  private readonly now: () => number;

  constructor(private readonly options: CommandRunnerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Re-arms the expiry of a code persisted before a restart (or drops it if already expired). */
  restoreDisplay(): void {
    const display = this.options.state.display;
    if (display) this.showCode(display);
  }

  /**
   * After a start: the shelf locks left open before it are opened again (the API hears each
   * relay.changed), and from now on each shelf lock and door opening is kept on disk until
   * `forgetChanges` (the stop, before every relay goes off, which is not a change the state keeps).
   */
  async restoreShelves(): Promise<void> {
    const { state, bus, logger } = this.options;
    const open = state.shelvesOpen.filter((relay): relay is RelayId => relay in this.options.driver.states());
    for (const relay of open) await this.setRelay(relay, true);
    if (open.length) logger.info('shelf locks left open before the restart are open again', { shelves: open });
    this.keepChanges = [
      bus.on('relayChanged', ({ device, on }) =>
        device.startsWith('shelf-') ? void state.shelfChanged(device, on).catch(() => undefined) : undefined,
      ),
      bus.on('doorPulsed', ({ game, at }) =>
        game === null ? undefined : void state.doorOpened(game, at).catch(() => undefined),
      ),
    ];
  }

  /** The stop: the relays going off now are not what the next start should restore. */
  forgetChanges(): void {
    for (const off of this.keepChanges) off();
    this.keepChanges = [];
  }

  get display(): DisplayCode | null {
    return this.options.state.display;
  }

  async run(payload: unknown): Promise<CommandResult> {
    const parsed = commandSchema.safeParse(payload);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'command'}: ${issue.message}`);
      this.options.logger.warn('invalid command refused', { problems: message });
      return { ok: false, error: 'invalid', message: message.join('; ') };
    }
    const command = parsed.data;
    // Checked without awaiting first, so two deliveries of one id arriving together run it once.
    const earlier = this.options.state.commandResult(command.id) ?? this.running.get(command.id);
    if (earlier) {
      this.options.logger.info('repeated command acknowledged, not run again', { id: command.id });
      return { ...(await earlier), repeated: true };
    }
    const result = this.enqueue(command);
    this.running.set(command.id, result);
    try {
      return await result;
    } finally {
      this.running.delete(command.id);
    }
  }

  /** Cancels the pending relock and display expiry (the agent is stopping). */
  stop(): void {
    this.cancelRelock();
    if (this.displayTimer) clearTimeout(this.displayTimer);
    this.displayTimer = null;
  }

  /** Every relay off, each change reported: the safe state on the way out. */
  async allOff(): Promise<void> {
    this.cancelRelock();
    for (const [relay, on] of Object.entries(this.options.driver.states()) as [RelayId, boolean][]) {
      if (!on) continue;
      try {
        await this.setRelay(relay, false);
      } catch (error) {
        this.options.logger.error('could not switch relay off', { relay, error });
      }
    }
  }

  /**
   * Releases the strike for one pulse exactly as door.open does (same relay path and relock), for a
   * decision the agent took itself: an offline PIN at the keypad. Rejects on a hardware failure.
   */
  pulseDoor(game: number | null): Promise<void> {
    return this.serial(() => this.openDoor(game));
  }

  /** Switches the light through the same path as the light commands (relayChanged reported). */
  switchLight(on: boolean): Promise<void> {
    return this.serial(() => this.setRelay('light', on));
  }

  /** One hardware action at a time, commands and the agent's own decisions alike. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private enqueue(command: Command): Promise<CommandResult> {
    const result = this.serial(() => this.execute(command));
    return result.then(async (ack) => {
      // Persisted before the ack leaves: a restart right after must still know this id ran.
      await this.options.state.recordCommand(command.id, ack, this.now()).catch((error: unknown) => {
        this.options.logger.error('could not persist the command journal', { error });
      });
      return ack;
    });
  }

  private async execute(command: Command): Promise<CommandResult> {
    const { logger, driver } = this.options;
    const fields = { id: command.id, action: command.action, device: command.device };
    try {
      const late = this.now() - command.deadline;
      if (late > 0) throw new Refusal('expired', `deadline passed ${late} ms before the command could run`);
      await this.apply(command);
      logger.info('command done', fields);
      return { ok: true, relays: driver.states() };
    } catch (error) {
      if (error instanceof Refusal) {
        logger.warn('command refused', { ...fields, error: error.error, reason: error.message });
        return { ok: false, error: error.error, message: error.message };
      }
      logger.error('command failed on the hardware', { ...fields, error });
      return { ok: false, error: 'hardware', message: error instanceof Error ? error.message : String(error) };
    }
  }

  private async apply(command: Command): Promise<void> {
    switch (command.action) {
      case 'door.open':
        this.expectDevice(command, 'door');
        await this.openDoor(command.params.gameId ?? null);
        // The code did its work: it leaves the door display at once rather than at its expiry.
        if (command.params.gameId !== undefined) this.clearCodeOf(command.params.gameId);
        return;
      case 'door.hold':
        this.expectDevice(command, 'door');
        this.cancelRelock();
        return this.setRelay('door', true);
      case 'door.close':
        this.expectDevice(command, 'door');
        this.cancelRelock();
        return this.setRelay('door', false);
      case 'light.on':
      case 'light.off': {
        this.expectDevice(command, 'light');
        const on = command.action === 'light.on';
        await this.setRelay('light', on);
        this.options.bus.emit('lightCommanded', { on, manual: command.params.manual ?? false, at: this.now() });
        return;
      }
      case 'shelf.open':
      case 'shelf.close':
        if (!command.device?.startsWith('shelf-'))
          throw new Refusal('invalid', `${command.action} needs a shelf device`);
        return this.setRelay(command.device, command.action === 'shelf.open');
      case 'display.show': {
        const { code, expiresAt } = command.params;
        if (!code || expiresAt === undefined)
          throw new Refusal('invalid', 'display.show needs params.code and expiresAt');
        if (expiresAt <= this.now()) throw new Refusal('expired', 'the code has already expired');
        this.showCode({ code, expiresAt });
        this.displayGame = command.params.gameId ?? null;
        return;
      }
      case 'display.clear':
        if (command.params.gameId === undefined) this.showCode(null);
        else this.clearCodeOf(command.params.gameId);
        return;
    }
  }

  private async openDoor(game: number | null): Promise<void> {
    this.cancelRelock();
    await this.setRelay('door', true);
    this.relockTimer = setTimeout(() => void this.relock(), this.options.doorPulseMs);
    this.options.bus.emit('doorPulsed', { game, at: this.now() });
  }

  private expectDevice(command: Command, device: RelayId): void {
    if (command.device !== null && command.device !== device) {
      throw new Refusal('invalid', `${command.action} moves ${device}, not ${command.device}`);
    }
  }

  private async setRelay(relay: RelayId, on: boolean): Promise<void> {
    const before = this.options.driver.states()[relay];
    await this.options.driver.set(relay, on);
    if (before !== on) this.options.bus.emit('relayChanged', { device: relay, on, at: this.now() });
  }

  private async relock(): Promise<void> {
    this.relockTimer = null;
    try {
      await this.setRelay('door', false);
      this.options.logger.info('door locked again after the pulse');
    } catch (error) {
      this.options.logger.error('could not lock the door after the pulse', { error });
    }
  }

  private cancelRelock(): void {
    if (this.relockTimer) clearTimeout(this.relockTimer);
    this.relockTimer = null;
  }

  /** Clears the display if it shows this game's code (the other court's code stays). */
  private clearCodeOf(game: number): void {
    if (this.displayGame === null || this.displayGame === game) this.showCode(null);
  }

  private showCode(display: DisplayCode | null): void {
    if (this.displayTimer) clearTimeout(this.displayTimer);
    this.displayTimer = null;
    const live = display && display.expiresAt > this.now() ? display : null;
    if (!live) this.displayGame = null;
    // Re-checked when the timer fires (setTimeout caps delays at ~24 days; codes live minutes).
    if (live)
      this.displayTimer = setTimeout(() => this.showCode(live), Math.min(live.expiresAt - this.now(), 2 ** 31 - 1));
    if (JSON.stringify(this.options.state.display) === JSON.stringify(live)) return;
    // A journal line, not a rewrite of the state file: door.open's ack waits for it (state-store.ts).
    this.options.state.showDisplay(live).catch((error: unknown) => {
      this.options.logger.error('could not persist the door display', { error });
    });
    this.options.bus.emit('displayChanged', { display: live });
  }
}
