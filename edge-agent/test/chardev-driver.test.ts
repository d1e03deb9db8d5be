import { RELAYS } from '@kort/contracts';
import { DEFAULT_PINS, type PinMap } from '../src/config';
import { loadNativeChardev } from '../src/hardware/chardev-binding';
import { ChardevDriver, type ChardevDriverOptions } from '../src/hardware/chardev-driver';
import { GpioSetupError } from '../src/hardware/gpio-chip';
import { fakeChardev, PI4_CHARDEV, PI5_CHARDEV } from './support/fake-chardev';

const SENSOR = 4;

function driverOn(chips = PI4_CHARDEV, options: Partial<ChardevDriverOptions> = {}, fake = fakeChardev(chips)) {
  const driver = new ChardevDriver({
    pins: { ...DEFAULT_PINS, doorSensor: SENSOR },
    activeLow: false,
    devRoot: '/dev',
    debounceMs: 50,
    doorSensorClosedLevel: 0,
    binding: fake.binding,
    ...options,
  });
  return { driver, fake };
}

const relayLevels = (fake: ReturnType<typeof fakeChardev>, chip = '/dev/gpiochip0') =>
  RELAYS.map((relay) => fake.line(chip, DEFAULT_PINS[relay]).levels);

describe('GPIO character-device driver: chips and pins', () => {
  test('Pi 4: the pinctrl-bcm2711 chip, BCM numbers as line offsets, all relays in one request as "kort-agent"', async () => {
    const { driver, fake } = driverOn();
    await driver.start();
    const [relays, sensor] = fake.requests;
    expect(relays).toMatchObject({
      consumer: 'kort-agent',
      direction: 'output',
      offsets: RELAYS.map((relay) => DEFAULT_PINS[relay]),
    });
    expect(sensor).toMatchObject({ consumer: 'kort-agent', direction: 'input', offsets: [SENSOR], edges: true });
    expect(driver.describe('door')).toBe('BCM 17, line 17 of /dev/gpiochip0 "pinctrl-bcm2711"');
    await driver.stop();
  });

  test('Pi 5: the header is on the RP1 chip, whatever its number', async () => {
    const { driver, fake } = driverOn(PI5_CHARDEV);
    await driver.start();
    expect(fake.line('/dev/gpiochip2', 17).consumer).toBe('kort-agent');
    expect(fake.line('/dev/gpiochip0', 17).consumer).toBeNull();
    await driver.stop();
  });

  test('gpioChipLabel wins over the Pi labels; no Pi chip fails listing the chips found', async () => {
    const pins = { ...DEFAULT_PINS } as PinMap;
    const chosen = driverOn(PI5_CHARDEV, { chipLabel: 'gpio-brcmstb@107d508500', pins });
    await chosen.driver.start();
    expect(chosen.fake.line('/dev/gpiochip0', 17).consumer).toBe('kort-agent');
    await chosen.driver.stop();

    const { driver, fake } = driverOn([{ label: 'some-expander', lines: 16 }]);
    await expect(driver.start()).rejects.toThrow(GpioSetupError);
    await expect(driver.start()).rejects.toThrow(/\/dev\/gpiochip0: label "some-expander", 16 lines/);
    expect(fake.requests).toHaveLength(0);
  });

  test('a pin beyond the chip is refused before any line is requested, every bad pin named', async () => {
    const pins: PinMap = { ...DEFAULT_PINS, 'shelf-10': 54, 'shelf-11': 57 };
    const { driver, fake } = driverOn(PI5_CHARDEV, { pins });
    const error = (await driver.start().catch((caught: unknown) => caught)) as GpioSetupError;
    expect(error.problems).toEqual([
      'shelf-10: BCM 54 is not on the chip (it has lines 0-53)',
      'shelf-11: BCM 57 is not on the chip (it has lines 0-53)',
    ]);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('GPIO character-device driver: the safe state', () => {
  test('relays start as outputs already at "off", in the request itself: no level before it', async () => {
    const { driver, fake } = driverOn();
    await driver.start();
    expect(relayLevels(fake)).toEqual(RELAYS.map(() => [0]));
    expect(driver.states()).toEqual(Object.fromEntries(RELAYS.map((relay) => [relay, false])));
    await driver.stop();
  });

  test('active-low board: "off" is a high pin from the first instant, "on" drives it low', async () => {
    const { driver, fake } = driverOn(PI4_CHARDEV, { activeLow: true });
    await driver.start();
    expect(relayLevels(fake)).toEqual(RELAYS.map(() => [1]));
    await driver.set('door', true);
    expect(fake.levelOf('/dev/gpiochip0', 17)).toBe(0);
    expect(fake.levelOf('/dev/gpiochip0', 27)).toBe(1); // the light did not move
    await driver.set('door', false);
    expect(fake.line('/dev/gpiochip0', 17).levels).toEqual([1, 0, 1]);
    await driver.stop();
  });

  test('set switches one relay and nothing else; stop switches everything off and frees every line', async () => {
    const { driver, fake } = driverOn();
    await driver.start();
    await driver.set('light', true);
    await driver.set('shelf-3', true);
    expect(fake.levelOf('/dev/gpiochip0', 27)).toBe(1);
    expect(fake.levelOf('/dev/gpiochip0', 6)).toBe(1);
    expect(driver.states()).toMatchObject({ light: true, 'shelf-3': true, door: false });
    await driver.stop();
    expect(relayLevels(fake).map((levels) => levels.at(-1))).toEqual(RELAYS.map(() => 0));
    expect(
      [...RELAYS.map((relay) => DEFAULT_PINS[relay]), SENSOR].map((pin) => fake.line('/dev/gpiochip0', pin).consumer),
    ).toEqual([...RELAYS, 'doorSensor'].map(() => null));
    await expect(driver.set('door', true)).rejects.toThrow(/not started/);
  });
});

describe('GPIO character-device driver: the door sensor', () => {
  afterEach(() => jest.useRealTimers());

  test('a reed switch to ground: pull-up bias, reads closed at 0, one event per settled change', async () => {
    jest.useFakeTimers();
    const { driver, fake } = driverOn();
    fake.drive('/dev/gpiochip0', SENSOR, 0); // closed before the agent starts
    await driver.start();
    expect(fake.line('/dev/gpiochip0', SENSOR).bias).toBe('pull-up');
    expect(driver.doorClosed()).toBe(true);
    const seen: boolean[] = [];
    driver.onDoorSensor((closed) => seen.push(closed));

    // The door opens with a bounce: 1, 0, 1 within the debounce time. One event, "open".
    fake.drive('/dev/gpiochip0', SENSOR, 1);
    jest.advanceTimersByTime(10);
    fake.drive('/dev/gpiochip0', SENSOR, 0);
    jest.advanceTimersByTime(10);
    fake.drive('/dev/gpiochip0', SENSOR, 1);
    jest.advanceTimersByTime(49);
    expect(seen).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(seen).toEqual([false]);
    expect(driver.doorClosed()).toBe(false);

    // A blip that returns to where it was within the debounce time is no change at all.
    fake.drive('/dev/gpiochip0', SENSOR, 0);
    fake.drive('/dev/gpiochip0', SENSOR, 1);
    jest.advanceTimersByTime(100);
    expect(seen).toEqual([false]);

    fake.drive('/dev/gpiochip0', SENSOR, 0);
    jest.advanceTimersByTime(50);
    expect(seen).toEqual([false, true]);
    await driver.stop();
  });

  test('a sensor closing to 3.3 V: pull-down bias, closed at 1; no sensor configured, no line', async () => {
    const { driver, fake } = driverOn(PI4_CHARDEV, { doorSensorClosedLevel: 1 });
    await driver.start();
    expect(fake.line('/dev/gpiochip0', SENSOR).bias).toBe('pull-down');
    expect(driver.doorClosed()).toBe(false);
    await driver.stop();

    const none = driverOn(PI4_CHARDEV, { pins: { ...DEFAULT_PINS } });
    await none.driver.start();
    expect(none.fake.requests).toHaveLength(1);
    expect(none.driver.doorClosed()).toBeNull();
    await none.driver.stop();
  });
});

describe('GPIO character-device driver: start-up errors an operator can act on', () => {
  test('a line held by another program stops the start, naming the pin and the holder; nothing is left held', async () => {
    const { driver, fake } = driverOn();
    fake.hold('/dev/gpiochip0', 27, 'gpioset');
    const error = (await driver.start().catch((caught: unknown) => caught)) as GpioSetupError;
    expect(error).toBeInstanceOf(GpioSetupError);
    expect(error.message.split('\n')[0]).toBe(
      'GPIO lines the agent needs on /dev/gpiochip0 ("pinctrl-bcm2711") are in use by another program (stop it, or change the pin map):',
    );
    expect(error.problems).toEqual(['light: BCM 27 is held by "gpioset"']);
    expect(fake.requests).toHaveLength(0);
  });

  test("a second agent on the same Pi is refused by the first one's lines", async () => {
    const fake = fakeChardev(PI4_CHARDEV);
    const first = driverOn(PI4_CHARDEV, {}, fake).driver;
    await first.start();
    const second = driverOn(PI4_CHARDEV, {}, fake).driver;
    await expect(second.start()).rejects.toThrow(/door: BCM 17 is held by "kort-agent"/);
    await first.stop();
    await second.start(); // free again once the first let go
    await second.stop();
  });

  test('no permission on /dev/gpiochip*: one sentence naming the gpio group', async () => {
    const { driver, fake } = driverOn();
    fake.failChipsWith('EACCES');
    await expect(driver.start()).rejects.toThrow(
      "Kort agent cannot list the GPIO chips in /dev: permission denied; add the agent's user to the gpio group " +
        '(sudo usermod -aG gpio kort-agent) and restart it.',
    );
  });

  test('the native part not built: one sentence saying what to install and run', () => {
    expect(() => loadNativeChardev('/nonexistent/gpio_chardev.node')).toThrow(
      'Kort agent cannot drive the GPIO character device: its native part is not built (/nonexistent/gpio_chardev.node); ' +
        'install build-essential and python3 (sudo apt-get install -y build-essential python3), then run ' +
        '`npm run build:gpio -w @kort/edge-agent` in the Kort checkout and restart the agent.',
    );
  });
});

describe('GPIO character-device driver: the tamper input and the exit button', () => {
  afterEach(() => jest.useRealTimers());
  const TAMPER = 24;
  const EXIT = 25;
  const withInputs = (options: Partial<ChardevDriverOptions> = {}) =>
    driverOn(PI4_CHARDEV, { inputs: { tamper: TAMPER, 'exit-button': EXIT }, ...options });

  test('each its own request with edges and a pull-up; read at start; released at stop', async () => {
    const { driver, fake } = withInputs();
    fake.drive('/dev/gpiochip0', TAMPER, 0); // the case shut
    await driver.start();
    expect(fake.requests.slice(2)).toEqual([
      expect.objectContaining({ direction: 'input', offsets: [TAMPER], edges: true, bias: 'pull-up' }),
      expect.objectContaining({ direction: 'input', offsets: [EXIT], edges: true, bias: 'pull-up' }),
    ]);
    expect(driver.inputActive('tamper')).toBe(false);
    // Idle, the pull-up holds the exit button's line high; the fake reads 0 until driven, i.e. "pressed".
    expect(driver.inputActive('exit-button')).toBe(true);
    await driver.stop();
    expect([TAMPER, EXIT].map((pin) => fake.line('/dev/gpiochip0', pin).consumer)).toEqual([null, null]);
  });

  test('the tamper trips at 1 and the exit button is pressed at 0, each change heard once after the debounce', async () => {
    jest.useFakeTimers();
    const { driver, fake } = withInputs();
    fake.drive('/dev/gpiochip0', EXIT, 1); // at rest
    await driver.start();
    const tamper: boolean[] = [];
    const exit: boolean[] = [];
    driver.onInput('tamper', (active) => tamper.push(active));
    driver.onInput('exit-button', (active) => exit.push(active));

    fake.drive('/dev/gpiochip0', TAMPER, 1);
    fake.drive('/dev/gpiochip0', TAMPER, 0);
    fake.drive('/dev/gpiochip0', TAMPER, 1); // a bounce: one change
    jest.advanceTimersByTime(49);
    expect(tamper).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(tamper).toEqual([true]);
    expect(driver.inputActive('tamper')).toBe(true);

    fake.drive('/dev/gpiochip0', EXIT, 0);
    jest.advanceTimersByTime(50);
    fake.drive('/dev/gpiochip0', EXIT, 1);
    jest.advanceTimersByTime(50);
    expect(exit).toEqual([true, false]);
    // The door sensor's own debounce is apart: the inputs never reached its listeners.
    const door: boolean[] = [];
    driver.onDoorSensor((closed) => door.push(closed));
    fake.drive('/dev/gpiochip0', TAMPER, 0);
    jest.advanceTimersByTime(50);
    expect(door).toEqual([]);
    expect(tamper).toEqual([true, false]);
    await driver.stop();
  });

  test('not wired: no request, inputActive() is null; a line on a relay pin or held by another program is refused, named', async () => {
    const none = driverOn();
    await none.driver.start();
    expect(none.fake.requests).toHaveLength(2);
    expect(none.driver.inputActive('tamper')).toBeNull();
    expect(none.driver.inputActive('exit-button')).toBeNull();
    await none.driver.stop();

    const reused = withInputs({ inputs: { tamper: 17 } });
    await expect(reused.driver.start()).rejects.toThrow('tamperLine: BCM 17 is already used by door');

    const held = withInputs();
    held.fake.hold('/dev/gpiochip0', EXIT, 'gpiomon');
    const error = (await held.driver.start().catch((caught: unknown) => caught)) as GpioSetupError;
    expect(error.problems).toEqual(['exitButtonLine: BCM 25 is held by "gpiomon"']);
  });
});
