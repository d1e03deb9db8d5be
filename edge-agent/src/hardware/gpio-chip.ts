import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface GpioChip {
  /** Directory name under the sysfs root, e.g. gpiochip512. */
  name: string;
  /** First sysfs GPIO number of the chip: sysfs number = base + line (BCM) number. */
  base: number;
  label: string;
  ngpio: number;
}

/**
 * Labels of the chip that drives the 40-pin header, best first. Since kernel 6.6 (Raspberry Pi
 * OS Bookworm) sysfs numbers no longer start at 0: the header chip sits at base 512 on a Pi 4 and
 * 571 on a Pi 5 (onoff issues #199 and #200), so the base must be read, never assumed. On a Pi 5
 * the header is wired to the RP1 southbridge, hence pinctrl-rp1 first.
 */
export const PI_HEADER_CHIP_LABELS = ['pinctrl-rp1', 'pinctrl-bcm2711', 'pinctrl-bcm2835', 'pinctrl-bcm2712'];

export class GpioSetupError extends Error {
  constructor(
    summary: string,
    readonly problems: string[] = [],
  ) {
    super(problems.length ? `${summary}\n${problems.map((p) => `  - ${p}`).join('\n')}` : summary);
    this.name = 'GpioSetupError';
  }
}

const readTrimmed = async (path: string) => (await readFile(path, 'utf8')).trim();

/** Every gpiochip under the sysfs root (usually /sys/class/gpio). */
export async function readGpioChips(sysfsRoot: string): Promise<GpioChip[]> {
  let entries: string[];
  try {
    entries = await readdir(sysfsRoot);
  } catch (error) {
    throw new GpioSetupError(
      `GPIO sysfs is not available at ${sysfsRoot} (${(error as NodeJS.ErrnoException).code ?? String(error)}); ` +
        'use DRIVER=simulated on a machine without GPIO',
    );
  }
  const chips: GpioChip[] = [];
  for (const name of entries.filter((entry) => /^gpiochip\d+$/.test(entry)).sort()) {
    const dir = join(sysfsRoot, name);
    chips.push({
      name,
      base: Number(await readTrimmed(join(dir, 'base'))),
      label: await readTrimmed(join(dir, 'label')),
      ngpio: Number(await readTrimmed(join(dir, 'ngpio'))),
    });
  }
  return chips;
}

/** A sysfs chip as the operator reads it in an error. */
export const describeSysfsChip = (chip: GpioChip): string =>
  `${chip.name}: label "${chip.label}", base ${chip.base}, ${chip.ngpio} lines`;

/**
 * The Pi's header chip, or the one named by gpioChipLabel; fails listing what was found. Both GPIO
 * drivers choose this way, the sysfs one among /sys/class/gpio, the character-device one among /dev.
 */
export function chooseHeaderChip<Chip extends { label: string }>(
  chips: Chip[],
  configuredLabel: string | undefined,
  describe: (chip: Chip) => string,
): Chip {
  const wanted = configuredLabel ? [configuredLabel] : PI_HEADER_CHIP_LABELS;
  for (const label of wanted) {
    const chip = chips.find((candidate) => candidate.label === label);
    if (chip) return chip;
  }
  const found = chips.length ? chips.map(describe) : ['no gpiochip at all'];
  throw new GpioSetupError(
    configuredLabel
      ? `No GPIO chip labelled "${configuredLabel}" (gpioChipLabel in the config). Chips found:`
      : `No Raspberry Pi GPIO chip found (looked for ${PI_HEADER_CHIP_LABELS.join(', ')}); ` +
          'set gpioChipLabel in the config to one of the chips found:',
    found,
  );
}

/** Every pin on the chip and none used twice, all problems at once. */
export function checkPinMap(pins: Partial<Record<string, number>>, lines: number, chipDescription: string): void {
  const problems: string[] = [];
  const owners = new Map<number, string>();
  for (const [name, pin] of Object.entries(pins)) {
    if (pin === undefined) continue;
    if (!Number.isInteger(pin) || pin < 0 || pin >= lines) {
      problems.push(`${name}: BCM ${pin} is not on the chip (it has lines 0-${lines - 1})`);
    }
    const owner = owners.get(pin);
    if (owner) problems.push(`${name}: BCM ${pin} is already used by ${owner}`);
    else owners.set(pin, name);
  }
  if (problems.length) throw new GpioSetupError(`The pin map does not fit GPIO chip ${chipDescription}:`, problems);
}
