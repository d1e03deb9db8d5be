import { RELAYS } from '@kort/contracts';
import { DEFAULT_PINS, type PinMap } from '../src/config';
import { GpioSetupError } from '../src/hardware/gpio-chip';
import { SysfsDriver, type SysfsDriverOptions } from '../src/hardware/sysfs-driver';
import { fakeGpioClass, fakeSysfs, PI4_CHIPS, PI5_CHIPS } from './support/fake-gpio';

function driverOn(chips: typeof PI4_CHIPS, options: Partial<SysfsDriverOptions> = {}) {
  const fake = fakeGpioClass();
  const driver = new SysfsDriver({
    pins: { ...DEFAULT_PINS, doorSensor: 4 },
    activeLow: false,
    sysfsRoot: fakeSysfs(chips),
    debounceMs: 50,
    doorSensorClosedLevel: 0,
    Gpio: fake.Gpio,
    ...options,
  });
  return { driver, fake };
}

describe('GPIO driver on sysfs numbers with a chip base (kernel 6.6+)', () => {
  test('Pi 4: BCM pins are offset by the pinctrl-bcm2711 base 512, not by the other chip', async () => {
    const { driver, fake } = driverOn(PI4_CHIPS);
    await driver.start();
    expect(fake.byNumber(512 + 17).direction).toBe('low'); // door
    expect(fake.byNumber(512 + 27)).toBeDefined(); // light
    expect(fake.byNumber(512 + 23)).toBeDefined(); // shelf-11
    expect(fake.lines.map((line) => line.gpio).every((gpio) => gpio >= 512 && gpio < 570)).toBe(true);
    expect(driver.describe('door')).toBe('BCM 17, sysfs GPIO 529 on pinctrl-bcm2711');
    await driver.stop();
  });

  test('Pi 5: the header is on the RP1 chip at base 571', async () => {
    const { driver, fake } = driverOn(PI5_CHIPS);
    await driver.start();
    expect(fake.byNumber(571 + 17)).toBeDefined();
    expect(fake.lines).toHaveLength(RELAYS.length + 1);
    await driver.stop();
  });

  test('a configured gpioChipLabel wins over autodetection', async () => {
    const { driver, fake } = driverOn(PI5_CHIPS, {
      chipLabel: 'gpio-brcmstb@107d508500',
      pins: { ...DEFAULT_PINS },
    });
    await driver.start();
    expect(fake.byNumber(512 + 17)).toBeDefined();
    await driver.stop();
  });

  test('no Pi chip: fails listing the chips it found', async () => {
    const { driver, fake } = driverOn([{ name: 'gpiochip0', base: 0, label: 'some-expander', ngpio: 16 }]);
    await expect(driver.start()).rejects.toThrow(GpioSetupError);
    await expect(driver.start()).rejects.toThrow(/gpiochip0: label "some-expander", base 0, 16 lines/);
    expect(fake.lines).toHaveLength(0);
  });

  test('a pin beyond the chip is refused before any line is touched, with every bad pin named', async () => {
    const pins: PinMap = { ...DEFAULT_PINS, 'shelf-10': 54, 'shelf-11': 57 };
    const { driver, fake } = driverOn(PI5_CHIPS, { pins }); // rp1 has 54 lines: 0-53
    const error = (await driver.start().catch((e: unknown) => e)) as GpioSetupError;
    expect(error).toBeInstanceOf(GpioSetupError);
    expect(error.message).toContain('gpiochip571 ("pinctrl-rp1", base 571, 54 lines)');
    expect(error.problems).toEqual([
      'shelf-10: BCM 54 is not on the chip (it has lines 0-53)',
      'shelf-11: BCM 57 is not on the chip (it has lines 0-53)',
    ]);
    expect(fake.lines).toHaveLength(0);
  });

  test('a pin used twice is refused', async () => {
    const { driver } = driverOn(PI4_CHIPS, { pins: { ...DEFAULT_PINS, doorSensor: 17 } });
    await expect(driver.start()).rejects.toThrow('doorSensor: BCM 17 is already used by door');
  });
});

describe('safe state', () => {
  test('active-high board: every relay starts as an output already low, and ends low', async () => {
    const { driver, fake } = driverOn(PI4_CHIPS);
    await driver.start();
    const relayLines = fake.lines.filter((line) => line.direction !== 'in');
    expect(relayLines).toHaveLength(13);
    for (const line of relayLines) {
      expect(line.direction).toBe('low');
      expect(line.options).toMatchObject({ activeLow: false });
      expect(line.level).toBe(0);
    }
    expect(Object.values(driver.states()).every((on) => !on)).toBe(true);

    await driver.set('door', true);
    await driver.set('shelf-3', true);
    expect(fake.byNumber(529).level).toBe(1);
    expect(driver.states()).toMatchObject({ door: true, 'shelf-3': true, light: false });

    await driver.stop();
    for (const line of relayLines) {
      expect(line.level).toBe(0);
      // Still an output driving "off": an unexported line would float as an input.
      expect(line.unexported).toBe(false);
    }
    expect(Object.values(driver.states()).every((on) => !on)).toBe(true);
  });

  test('active-low board: outputs start physically high (relay off), "on" drives the pin low', async () => {
    const { driver, fake } = driverOn(PI4_CHIPS, { activeLow: true });
    await driver.start();
    const door = fake.byNumber(529);
    expect(door.direction).toBe('high');
    expect(door.options).toMatchObject({ activeLow: true });
    expect(door.level).toBe(1);
    expect(door.writes).toEqual([0]);

    await driver.set('door', true);
    expect(door.level).toBe(0);
    await driver.stop();
    expect(door.level).toBe(1);
    expect(fake.lines.filter((line) => line.direction !== 'in').every((line) => line.level === 1)).toBe(true);
  });
});

describe('door sensor', () => {
  test('input on both edges with the debounce, closed/open reported once per change', async () => {
    const { driver, fake } = driverOn(PI4_CHIPS, { debounceMs: 75 });
    await driver.start();
    const sensor = fake.byNumber(512 + 4);
    expect(sensor).toMatchObject({ direction: 'in', edge: 'both', options: { debounceTimeout: 75 } });
    expect(driver.doorClosed()).toBe(true);

    const seen: boolean[] = [];
    driver.onDoorSensor((closed) => seen.push(closed));
    sensor.input(1);
    sensor.input(1);
    sensor.input(0);
    expect(seen).toEqual([false, true]);
    expect(driver.doorClosed()).toBe(true);
    await driver.stop();
    expect(sensor.unexported).toBe(true);
  });

  test('no sensor configured: doorClosed() is null', async () => {
    const { driver, fake } = driverOn(PI4_CHIPS, { pins: { ...DEFAULT_PINS } });
    await driver.start();
    expect(driver.doorClosed()).toBeNull();
    expect(fake.lines.some((line) => line.direction === 'in')).toBe(false);
    await driver.stop();
  });
});

describe('tamper input and exit button', () => {
  const TAMPER = 512 + 24;
  const EXIT = 512 + 25;
  const withInputs = (options: Partial<SysfsDriverOptions> = {}) =>
    driverOn(PI4_CHIPS, { inputs: { tamper: 24, 'exit-button': 25 }, ...options });

  test('inputs on both edges with the debounce; the tamper trips at 1, the exit button is pressed at 0', async () => {
    const { driver, fake } = withInputs({ debounceMs: 30 });
    await driver.start();
    expect(fake.byNumber(TAMPER)).toMatchObject({ direction: 'in', edge: 'both', options: { debounceTimeout: 30 } });
    expect(fake.byNumber(EXIT)).toMatchObject({ direction: 'in', edge: 'both', options: { debounceTimeout: 30 } });
    expect(driver.inputActive('tamper')).toBe(false); // reads 0: the case shut

    const tamper: boolean[] = [];
    const exit: boolean[] = [];
    driver.onInput('tamper', (active) => tamper.push(active));
    driver.onInput('exit-button', (active) => exit.push(active));
    fake.byNumber(TAMPER).input(1);
    fake.byNumber(TAMPER).input(1);
    fake.byNumber(EXIT).input(1); // let go (its start read 0: pressed)
    fake.byNumber(EXIT).input(0);
    fake.byNumber(TAMPER).input(0);
    expect(tamper).toEqual([true, false]);
    expect(exit).toEqual([false, true]);
    expect(driver.doorClosed()).toBe(true); // the door sensor did not move

    await driver.stop();
    expect(fake.byNumber(TAMPER).unexported).toBe(true);
    expect(fake.byNumber(EXIT).unexported).toBe(true);
  });

  test('not wired: inputActive() is null; a line on a relay pin is refused, named by its setting', async () => {
    const { driver } = driverOn(PI4_CHIPS);
    await driver.start();
    expect(driver.inputActive('tamper')).toBeNull();
    expect(driver.inputActive('exit-button')).toBeNull();
    await driver.stop();
    const reused = withInputs({ inputs: { 'exit-button': 27 } });
    await expect(reused.driver.start()).rejects.toThrow('exitButtonLine: BCM 27 is already used by light');
  });
});
