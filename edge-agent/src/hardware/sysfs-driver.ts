import { RELAYS, type RelayId } from '@kort/contracts';
import type * as Onoff from 'onoff';
import {
  checkPinMap,
  chooseHeaderChip,
  describeSysfsChip,
  type GpioChip,
  GpioSetupError,
  readGpioChips,
} from './gpio-chip';
import { GpioDriverBase, type GpioDriverOptions, namedLines, wiredInputs } from './gpio-driver-base';
import { type DriverInput, safeRelayStates } from './relay-driver';

/** The part of onoff's Gpio the driver uses, so tests can pass a fake with the same shape. */
export interface GpioLine {
  write(value: Onoff.BinaryValue): Promise<void>;
  writeSync(value: Onoff.BinaryValue): void;
  readSync(): Onoff.BinaryValue;
  watch(callback: Onoff.ValueCallback): void;
  unwatchAll(): void;
  unexport(): void;
}
export type GpioConstructor = new (
  gpio: number,
  direction: Onoff.Direction,
  edge?: Onoff.Edge,
  options?: Onoff.Options,
) => GpioLine;

export interface SysfsDriverOptions extends GpioDriverOptions {
  sysfsRoot: string;
  /** onoff's Gpio in production (loaded on start); a fake in tests. */
  Gpio?: GpioConstructor;
}

/** How a log line names each input line. */
const INPUT_NAMES: Record<'doorSensor' | DriverInput, string> = {
  doorSensor: 'door sensor',
  tamper: 'tamper input',
  'exit-button': 'exit button',
};

/**
 * Relays, the door sensor and the optional inputs (tamper, exit button) on the Pi's GPIO header
 * through sysfs (onoff): Raspberry Pi OS Bookworm and older. Trixie has no sysfs GPIO; the
 * character-device driver serves both. sysfs sets no pull: an input relies on the pin's default or
 * on `gpio=N=ip,pu` in config.txt (README.md of the repository, the wiring table).
 */
export class SysfsDriver extends GpioDriverBase {
  readonly kind = 'gpio-sysfs';
  private chip: GpioChip | null = null;
  private readonly relays = new Map<RelayId, GpioLine>();
  /** The door sensor and the inputs, by name. */
  private readonly inputLines = new Map<keyof typeof INPUT_NAMES, GpioLine>();

  constructor(private readonly options: SysfsDriverOptions) {
    super(options.logger);
  }

  async start(): Promise<void> {
    const chip = chooseHeaderChip(
      await readGpioChips(this.options.sysfsRoot),
      this.options.chipLabel,
      describeSysfsChip,
    );
    checkPinMap(
      namedLines(this.options),
      chip.ngpio,
      `${chip.name} ("${chip.label}", base ${chip.base}, ${chip.ngpio} lines)`,
    );
    this.chip = chip;
    const Gpio = this.options.Gpio ?? (await import('onoff')).Gpio;
    // Kernel sysfs writes "high"/"low" to the direction file as a raw physical level, ignoring
    // active_low (gpiod_direction_output_raw), so the initial level is the physical "off": high on an
    // active-low board, low otherwise. Passing it at export means the line becomes an output already
    // at "off": the relay never clicks on for a moment between export and the first write.
    const offLevel: Onoff.Direction = this.options.activeLow ? 'high' : 'low';
    try {
      for (const relay of RELAYS) {
        const line = this.open(relay, this.options.pins[relay], () => {
          return new Gpio(chip.base + this.options.pins[relay], offLevel, 'none', {
            activeLow: this.options.activeLow,
          });
        });
        this.relays.set(relay, line);
        // Logical 0 = off whatever the board: onoff inverts it for activeLow. Repeated here because
        // onoff keeps a line that was already exported and may skip errors while configuring it.
        line.writeSync(0);
      }
      const doorSensorPin = this.options.pins.doorSensor;
      if (doorSensorPin !== undefined) {
        const closedLevel = this.options.doorSensorClosedLevel;
        const level = this.openInput(chip, 'doorSensor', doorSensorPin, Gpio, (value) =>
          this.sensorRead(value === closedLevel),
        );
        this.sensorClosed = level === closedLevel;
      }
      for (const [input, pin] of wiredInputs(this.options)) {
        this.inputOpened(
          input,
          this.openInput(chip, input, pin, Gpio, (value) => this.inputRead(input, value)),
        );
      }
    } catch (error) {
      this.release();
      throw error;
    }
    this.relayStates = safeRelayStates();
    this.logger.info('gpio ready', {
      chip: chip.name,
      label: chip.label,
      base: chip.base,
      activeLow: this.options.activeLow,
      doorSensor: this.options.pins.doorSensor ?? null,
      ...this.options.inputs,
    });
  }

  async set(relay: RelayId, on: boolean): Promise<void> {
    const line = this.relays.get(relay);
    if (!line) throw new Error(`GPIO driver is not started (${relay})`);
    await line.write(on ? 1 : 0);
    this.relayStates[relay] = on;
  }

  describe(relay: RelayId): string {
    const bcm = this.options.pins[relay];
    return this.chip
      ? `BCM ${bcm}, sysfs GPIO ${this.chip.base + bcm} on ${this.chip.label}`
      : `BCM ${bcm}, sysfs GPIO (not started)`;
  }

  /**
   * Every relay off (the safe state). The relay lines stay exported as outputs driving "off": an
   * unexported BCM line becomes an input, and a floating input can switch an active-low board on
   * until the agent starts again. The next start re-opens them (onoff reuses exported lines).
   */
  protected release(): void {
    for (const [relay, line] of this.relays) {
      try {
        line.writeSync(0);
        this.relayStates[relay] = false;
      } catch (error) {
        this.logger.error('could not switch relay off', { relay, error });
      }
    }
    this.relays.clear();
    for (const [name, line] of this.inputLines) {
      try {
        line.unwatchAll();
        line.unexport();
      } catch (error) {
        this.logger.warn(`could not unexport ${INPUT_NAMES[name]} line`, { error });
      }
    }
    this.inputLines.clear();
  }

  /** An input line on both edges, debounced by onoff; returns its level when opened. */
  private openInput(
    chip: GpioChip,
    name: keyof typeof INPUT_NAMES,
    pin: number,
    Gpio: GpioConstructor,
    settled: (level: 0 | 1) => void,
  ): 0 | 1 {
    const line = this.open(name, pin, () => {
      return new Gpio(chip.base + pin, 'in', 'both', { debounceTimeout: this.options.debounceMs });
    });
    this.inputLines.set(name, line);
    line.watch((error, value) => {
      if (error) {
        this.logger.error(`${INPUT_NAMES[name]} read failed`, { error });
        return;
      }
      settled(value);
    });
    return line.readSync();
  }

  private open(name: string, pin: number, create: () => GpioLine): GpioLine {
    try {
      return create();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const hint = code === 'EACCES' ? ' (is the agent user in the gpio group?)' : '';
      throw new GpioSetupError(
        `Cannot set up GPIO for ${name} (BCM ${pin}, sysfs ${this.chipBase() + pin}): ${(error as Error).message}${hint}`,
      );
    }
  }

  private chipBase(): number {
    return this.chip?.base ?? 0;
  }
}
