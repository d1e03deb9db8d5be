import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BinaryValue, Direction, Edge, Options, ValueCallback } from 'onoff';
import { type GpioConstructor, type GpioLine } from '../../src/hardware/sysfs-driver';
import { tempDir } from './helpers';

/** A sysfs tree like /sys/class/gpio with the given chips, in a temp dir. */
export function fakeSysfs(chips: { name: string; base: number; label: string; ngpio: number }[]): string {
  const root = tempDir('kort-sysfs-');
  writeFileSync(join(root, 'export'), '');
  for (const chip of chips) {
    mkdirSync(join(root, chip.name));
    writeFileSync(join(root, chip.name, 'base'), `${chip.base}\n`);
    writeFileSync(join(root, chip.name, 'label'), `${chip.label}\n`);
    writeFileSync(join(root, chip.name, 'ngpio'), `${chip.ngpio}\n`);
  }
  return root;
}

export const PI4_CHIPS = [
  { name: 'gpiochip512', base: 512, label: 'pinctrl-bcm2711', ngpio: 58 },
  { name: 'gpiochip570', base: 570, label: 'raspberrypi-exp-gpio', ngpio: 8 },
];
export const PI5_CHIPS = [
  { name: 'gpiochip512', base: 512, label: 'gpio-brcmstb@107d508500', ngpio: 32 },
  { name: 'gpiochip571', base: 571, label: 'pinctrl-rp1', ngpio: 54 },
];

export interface FakeLine {
  gpio: number;
  direction: Direction;
  edge: Edge | undefined;
  options: Options | undefined;
  /** Logical values written, in order (what onoff receives). */
  writes: BinaryValue[];
  /** The physical level on the pin now, as a relay board would see it. */
  level: 0 | 1;
  unexported: boolean;
  /** Simulates the input changing (after onoff's debounce). */
  input(value: BinaryValue): void;
}

/**
 * Records what the driver asks of onoff and models the kernel: "high"/"low" directions set the raw
 * physical level, writes to value are inverted by active_low.
 */
export function fakeGpioClass(): { Gpio: GpioConstructor; lines: FakeLine[]; byNumber(gpio: number): FakeLine } {
  const lines: FakeLine[] = [];
  class FakeGpio implements GpioLine {
    private readonly line: FakeLine;
    private readonly watchers: ValueCallback[] = [];
    private value: BinaryValue = 0;

    constructor(gpio: number, direction: Direction, edge?: Edge, options?: Options) {
      const activeLow = options?.activeLow ?? false;
      this.line = {
        gpio,
        direction,
        edge,
        options,
        writes: [],
        level: direction === 'high' ? 1 : 0,
        unexported: false,
        input: (value) => {
          this.value = value;
          for (const watcher of this.watchers) watcher(null, value);
        },
      };
      this.line.level = direction === 'high' ? 1 : direction === 'low' || direction === 'out' ? 0 : this.line.level;
      this.value = (activeLow ? 1 - this.line.level : this.line.level) as BinaryValue;
      lines.push(this.line);
    }

    write(value: BinaryValue): Promise<void> {
      this.writeSync(value);
      return Promise.resolve();
    }

    writeSync(value: BinaryValue): void {
      this.line.writes.push(value);
      this.value = value;
      this.line.level = (this.line.options?.activeLow ? 1 - value : value) as 0 | 1;
    }

    readSync(): BinaryValue {
      return this.value;
    }

    watch(callback: ValueCallback): void {
      this.watchers.push(callback);
    }

    unwatchAll(): void {
      this.watchers.length = 0;
    }

    unexport(): void {
      this.line.unexported = true;
    }
  }
  const byNumber = (gpio: number) => {
    const line = lines.find((candidate) => candidate.gpio === gpio);
    if (!line) throw new Error(`GPIO ${gpio} was never opened`);
    return line;
  };
  return { Gpio: FakeGpio, lines, byNumber };
}
