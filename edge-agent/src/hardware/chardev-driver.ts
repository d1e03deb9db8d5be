import { RELAYS, type RelayId } from '@kort/contracts';
import { type ChardevBinding, type ChardevChip, type ChardevLines, loadNativeChardev } from './chardev-binding';
import { checkPinMap, chooseHeaderChip, GpioSetupError } from './gpio-chip';
import { GpioDriverBase, type GpioDriverOptions, namedLines, wiredInputs } from './gpio-driver-base';
import { type DriverInput, safeRelayStates } from './relay-driver';

/** The holder name `gpioinfo` shows for the agent's lines. */
export const GPIO_CONSUMER = 'kort-agent';

export interface ChardevDriverOptions extends GpioDriverOptions {
  /** Where the gpiochipN devices are: /dev. */
  devRoot: string;
  /** The native addon in production (loaded on start); a fake in tests. */
  binding?: ChardevBinding;
}

const describeChip = (chip: ChardevChip): string => `${chip.path}: label "${chip.label}", ${chip.lines} lines`;

/** How a log line names each input line. */
const INPUT_NAMES: Record<'doorSensor' | DriverInput, string> = {
  doorSensor: 'door sensor',
  tamper: 'tamper input',
  'exit-button': 'exit button',
};

/**
 * Relays, the door sensor and the optional inputs (tamper, exit button) on the Pi's GPIO header
 * through the GPIO character device (/dev/gpiochipN, uAPI v2): Raspberry Pi OS Trixie, which has no
 * sysfs GPIO, and Bookworm. All 13
 * relays are one request, as outputs already at "off": the kernel applies direction and value
 * together, so no relay clicks at start. The lines belong to this process: when it ends, even by
 * SIGKILL, the kernel frees them. Freeing is not switching off: the kernel writes no level, and
 * Raspberry Pi OS keeps a freed output at its last level unless `dtparam=strict_gpiod` is set, so
 * only stop() switches the relays off first (test/kernel/ shows both against a real kernel).
 */
export class ChardevDriver extends GpioDriverBase {
  readonly kind = 'gpio-chardev';
  private chip: ChardevChip | null = null;
  private relayLines: ChardevLines | null = null;
  /** The door sensor and the inputs, each its own request, by name. */
  private readonly inputLines = new Map<keyof typeof INPUT_NAMES, ChardevLines>();
  private readonly debounces = new Map<keyof typeof INPUT_NAMES, NodeJS.Timeout>();

  constructor(private readonly options: ChardevDriverOptions) {
    super(options.logger);
  }

  // async: every setup failure is a rejection, as the agent's start awaits it.
  // eslint-disable-next-line @typescript-eslint/require-await
  async start(): Promise<void> {
    const binding = this.options.binding ?? loadNativeChardev();
    const chip = chooseHeaderChip(this.listChips(binding), this.options.chipLabel, describeChip);
    const { pins } = this.options;
    checkPinMap(namedLines(this.options), chip.lines, `${chip.path} ("${chip.label}", ${chip.lines} lines)`);
    this.checkFree(binding, chip);
    this.chip = chip;
    try {
      this.relayLines = this.request(binding, chip, 'relays', () =>
        binding.request(chip.path, {
          consumer: GPIO_CONSUMER,
          offsets: RELAYS.map((relay) => pins[relay]),
          direction: 'output',
          activeLow: this.options.activeLow,
          values: RELAYS.map(() => 0),
        }),
      );
      if (pins.doorSensor !== undefined) {
        // A reed switch to ground reads 0 closed and needs a pull-up to read 1 open, and vice versa.
        const closedLevel = this.options.doorSensorClosedLevel;
        const bias = closedLevel === 0 ? 'pull-up' : 'pull-down';
        const level = this.openInput(binding, chip, 'doorSensor', pins.doorSensor, bias, (settled) =>
          this.sensorRead(settled === closedLevel),
        );
        this.sensorClosed = level === closedLevel;
      }
      for (const [input, pin] of wiredInputs(this.options)) {
        this.inputOpened(
          input,
          this.openInput(binding, chip, input, pin, 'pull-up', (settled) => this.inputRead(input, settled)),
        );
      }
    } catch (error) {
      this.release();
      throw error;
    }
    this.relayStates = safeRelayStates();
    this.logger.info('gpio ready', {
      driver: this.kind,
      chip: chip.path,
      label: chip.label,
      activeLow: this.options.activeLow,
      doorSensor: pins.doorSensor ?? null,
      ...this.options.inputs,
    });
  }

  set(relay: RelayId, on: boolean): Promise<void> {
    if (!this.relayLines) return Promise.reject(new Error(`GPIO driver is not started (${relay})`));
    const next = { ...this.relayStates, [relay]: on };
    // One ioctl sets every relay line to the state the agent holds: nothing else changes.
    this.relayLines.set(RELAYS.map((name) => (next[name] ? 1 : 0)));
    this.relayStates = next;
    return Promise.resolve();
  }

  describe(relay: RelayId): string {
    const bcm = this.options.pins[relay];
    return this.chip ? `BCM ${bcm}, line ${bcm} of ${this.chip.path} "${this.chip.label}"` : `BCM ${bcm}`;
  }

  /** Every relay off, then the lines back to the kernel, which writes no level of its own. */
  protected release(): void {
    for (const timer of this.debounces.values()) clearTimeout(timer);
    this.debounces.clear();
    if (this.relayLines) {
      try {
        this.relayLines.set(RELAYS.map(() => 0));
        this.relayStates = safeRelayStates();
      } catch (error) {
        this.logger.error('could not switch the relays off', { error });
      }
      this.releaseLines(this.relayLines, 'relay');
      this.relayLines = null;
    }
    for (const [name, lines] of this.inputLines) this.releaseLines(lines, INPUT_NAMES[name]);
    this.inputLines.clear();
  }

  private releaseLines(lines: ChardevLines, what: string): void {
    try {
      lines.release();
    } catch (error) {
      this.logger.warn(`could not release the ${what} lines`, { error });
    }
  }

  /**
   * An input line (the door sensor, the tamper input, the exit button): edges wake a debounce timer;
   * when the line has been still for debounceMs its level is read, so a bouncing switch reports one
   * change with its final state. Returns the level when opened.
   */
  private openInput(
    binding: ChardevBinding,
    chip: ChardevChip,
    name: keyof typeof INPUT_NAMES,
    pin: number,
    bias: 'pull-up' | 'pull-down',
    settled: (level: 0 | 1) => void,
  ): 0 | 1 {
    const line = this.request(binding, chip, name, () =>
      binding.request(chip.path, {
        consumer: GPIO_CONSUMER,
        offsets: [pin],
        direction: 'input',
        activeLow: false,
        edges: true,
        bias,
      }),
    );
    this.inputLines.set(name, line);
    const what = INPUT_NAMES[name];
    line.watch(
      () => {
        clearTimeout(this.debounces.get(name));
        this.debounces.set(
          name,
          setTimeout(() => {
            this.debounces.delete(name);
            if (this.inputLines.get(name) !== line) return;
            let level: 0 | 1;
            try {
              level = line.get()[0]!;
            } catch (error) {
              this.logger.error(`${what} read failed`, { error });
              return;
            }
            settled(level);
          }, this.options.debounceMs),
        );
      },
      (error) => this.logger.error(`${what} events failed`, { error }),
    );
    return line.get()[0]!;
  }

  private listChips(binding: ChardevBinding): ChardevChip[] {
    try {
      return binding.chips(this.options.devRoot);
    } catch (error) {
      throw this.setupError(`list the GPIO chips in ${this.options.devRoot}`, error);
    }
  }

  /** A line held by another process (gpioset, another agent, a HAT's driver) stops the start, named. */
  private checkFree(binding: ChardevBinding, chip: ChardevChip): void {
    const held: string[] = [];
    for (const [name, pin] of Object.entries(namedLines(this.options))) {
      if (pin === undefined) continue;
      let holder: string | null;
      try {
        holder = binding.holder(chip.path, pin);
      } catch (error) {
        throw this.setupError(`read line ${pin} of ${chip.path}`, error);
      }
      if (holder !== null) held.push(`${name}: BCM ${pin} is held by "${holder}"`);
    }
    if (held.length) {
      throw new GpioSetupError(
        `GPIO lines the agent needs on ${chip.path} ("${chip.label}") are in use by another program ` +
          '(stop it, or change the pin map):',
        held,
      );
    }
  }

  private request(binding: ChardevBinding, chip: ChardevChip, name: string, request: () => ChardevLines): ChardevLines {
    try {
      return request();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EBUSY') this.checkFree(binding, chip); // names the holder
      throw this.setupError(`request the ${name} lines on ${chip.path}`, error);
    }
  }

  /** The operator's one sentence: what failed and, where we know it, what to do. */
  private setupError(what: string, error: unknown): GpioSetupError {
    const code = (error as NodeJS.ErrnoException).code;
    const hint =
      code === 'EACCES' || code === 'EPERM'
        ? ": permission denied; add the agent's user to the gpio group (sudo usermod -aG gpio kort-agent) and restart it"
        : code === 'EBUSY'
          ? ': a line is in use by another program'
          : `: ${(error as Error).message}`;
    return new GpioSetupError(`Kort agent cannot ${what}${hint}.`);
  }
}
