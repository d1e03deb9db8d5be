'use strict';
// The character-device driver's guarantees (test/chardev-driver.test.ts proves them against a fake)
// against a real kernel: gpio-sim, inside the VM that run-gpio-sim.mjs boots, whose /init created
// two simulated chips in configfs: "decoy" (gpiochip0, "some-expander") and "header" (gpiochip1,
// "pinctrl-bcm2711", 28 lines, like a Pi 4's header). What the kernel did is read from outside the
// driver: gpio-sim's sysfs (the physical level and pull of each line), the GPIO uAPI's line info
// (holder, direction) and the kernel's gpio trace events (every level written to a line, in order).
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const { afterEach, describe, test } = require('node:test');
const { RELAYS } = require('@kort/contracts');
const { DEFAULT_PINS } = require('../../dist/config');
const { loadNativeChardev } = require('../../dist/hardware/chardev-binding');
const { ChardevDriver, GPIO_CONSUMER } = require('../../dist/hardware/chardev-driver');
const { GpioSetupError } = require('../../dist/hardware/gpio-chip');
const lines = require('./gpio-sim-lines.cjs');

const SENSOR = 4;
/** Long enough that a slow (TCG) VM cannot stretch a deliberate bounce past it. */
const DEBOUNCE_MS = 300;
/**
 * Condition waits end long before this; only a broken driver or kernel reaches it. A node process
 * that loads the driver (hold-lines.cjs) takes 25 s to start under TCG on a busy 2-CPU host.
 */
const DEADLINE_MS = 120_000;
const RELAY_PINS = RELAYS.map((relay) => DEFAULT_PINS[relay]);

const decoy = lines.simChip('decoy');
const header = lines.simChip('header');
const binding = loadNativeChardev();

const { level, setPull, pullOf } = header;
const relayLevels = () => RELAY_PINS.map((pin) => level(pin));
const lineInfo = lines.lineInfo;
const holders = (chip, offsets) => offsets.map((offset) => binding.holder(chip.dev, offset));
const allOffsets = (chip) => Array.from({ length: chip.lines }, (_, offset) => offset);
/** What holders() reads when nobody holds the lines. */
const free = (offsets) => offsets.map(() => null);
/** The error start() rejects with; a start that succeeds fails the test. */
const startError = (agent) =>
  agent.start().then(
    () => assert.fail('start() succeeded'),
    (caught) => caught,
  );

const startTrace = lines.startTrace;
const tracedEvents = () => lines.tracedEvents(header);
const until = (condition, what) => lines.until(condition, what, { deadlineMs: DEADLINE_MS });
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Every driver a test starts, stopped after it whatever happened; what the driver logged as an
// error or warning fails the test (an epoll failure, for one, is only ever logged).
const started = new Set();
const logged = [];
const logger = {
  debug() {},
  info() {},
  warn: (msg, fields) => logged.push(`warn: ${msg} ${JSON.stringify(fields)}`),
  error: (msg, fields) => logged.push(`error: ${msg} ${JSON.stringify(fields)}`),
};
function driver(options = {}) {
  const created = new ChardevDriver({
    pins: { ...DEFAULT_PINS, doorSensor: SENSOR },
    activeLow: false,
    devRoot: '/dev',
    debounceMs: DEBOUNCE_MS,
    doorSensorClosedLevel: 0,
    logger,
    ...options,
  });
  started.add(created);
  return created;
}

afterEach(async () => {
  for (const created of started) await created.stop();
  started.clear();
  // Back to gpio-sim's default (pull-down) everywhere, so no test inherits another's lines.
  for (const offset of allOffsets(header)) setPull(offset, 'pull-down');
  assert.deepEqual(holders(header, allOffsets(header)), free(allOffsets(header)), 'a line is still held');
  assert.deepEqual(logged.splice(0), [], 'the driver logged a problem');
});

describe('the chip: found by its label among the real chips', () => {
  test('the binding lists both gpio-sim chips; the driver takes "pinctrl-bcm2711", not gpiochip0', async () => {
    assert.deepEqual(
      binding.chips('/dev').map(({ path, name, label, lines }) => ({ path, name, label, lines })),
      [decoy, header].map(({ dev, chipName, label, lines }) => ({ path: dev, name: chipName, label, lines })),
    );
    assert.notEqual(header.dev, '/dev/gpiochip0', '/init creates the Pi chip second');
    const agent = driver();
    await agent.start();
    assert.equal(agent.describe('door'), `BCM 17, line 17 of ${header.dev} "pinctrl-bcm2711"`);
    assert.equal(lineInfo(header, 17).consumer, GPIO_CONSUMER);
    assert.deepEqual(holders(decoy, allOffsets(decoy)), free(allOffsets(decoy)), 'the decoy was touched');
  });

  test('a configured label no chip has: the error lists the real chips, nothing is requested', async () => {
    const error = await startError(driver({ chipLabel: 'pinctrl-rp1' }));
    assert.ok(error instanceof GpioSetupError, String(error));
    assert.deepEqual(error.problems, [
      `${decoy.dev}: label "some-expander", 16 lines`,
      `${header.dev}: label "pinctrl-bcm2711", 28 lines`,
    ]);
  });
});

describe('the safe state: relays are outputs at "off" from the first instant', () => {
  for (const activeLow of [false, true]) {
    const off = activeLow ? 1 : 0;
    test(`activeLow ${activeLow}: every relay line an output of "kort-agent" at level ${off}, never driven ${1 - off}`, async () => {
      startTrace();
      const agent = driver({ activeLow });
      await agent.start();
      for (const pin of RELAY_PINS) {
        const { used, consumer, output, activeLow: inverted } = lineInfo(header, pin);
        assert.deepEqual(
          { used, consumer, output, inverted, level: level(pin) },
          { used: true, consumer: GPIO_CONSUMER, output: true, inverted: activeLow, level: off },
          `BCM ${pin}`,
        );
      }
      // The kernel's record: each relay line had its level set once, to "off", then became an
      // output; no set to "on", not even for an instant.
      const events = tracedEvents();
      for (const pin of RELAY_PINS) assert.deepEqual(events.get(pin), [`set ${off}`, 'out'], `BCM ${pin} events`);
      const sensor = lineInfo(header, SENSOR);
      assert.deepEqual([sensor.consumer, sensor.output], [GPIO_CONSUMER, false], 'the door sensor line');
    });

    test(`activeLow ${activeLow}: set('door', true) drives BCM 17 to ${1 - off} and nothing else; false brings it back`, async () => {
      const agent = driver({ activeLow });
      await agent.start();
      await agent.set('door', true);
      assert.deepEqual(
        relayLevels(),
        RELAY_PINS.map((pin) => (pin === 17 ? 1 - off : off)),
      );
      assert.equal(agent.states().door, true);
      await agent.set('door', false);
      assert.deepEqual(
        relayLevels(),
        RELAY_PINS.map(() => off),
      );
    });
  }

  test('stop(): every relay set to "off" before the lines go back to the kernel; nothing held after', async (t) => {
    const agent = driver();
    await agent.start();
    for (const relay of ['door', 'light', 'shelf-3']) await agent.set(relay, true);
    startTrace();
    await agent.stop();
    const events = tracedEvents();
    for (const pin of RELAY_PINS) {
      const sets = (events.get(pin) ?? []).filter((event) => event.startsWith('set'));
      assert.deepEqual(sets, ['set 0'], `BCM ${pin}: levels written by stop()`);
    }
    const pins = [...RELAY_PINS, SENSOR];
    assert.deepEqual(holders(header, pins), free(pins));
    await assert.rejects(agent.set('door', true), /not started/);
    t.diagnostic(`finding: relay levels after stop(), lines free: ${relayLevels().join('')}`);
  });
});

describe('the door sensor: pull from the driver, edges from the kernel, debounced', () => {
  /** Collects the driver's door callbacks, each with the time it came. */
  function listen(agent) {
    const seen = [];
    agent.onDoorSensor((closed) => seen.push({ closed, at: performance.now() }));
    return seen;
  }
  const states = (seen) => seen.map(({ closed }) => closed);

  test('a reed switch to ground: pull-up set on the line, one callback per change, closed at 0', async () => {
    const agent = driver();
    await agent.start();
    assert.equal(pullOf(SENSOR), 'pull-up', 'the bias the driver asked for, applied by the kernel');
    assert.equal(agent.doorClosed(), false, 'pulled up and nothing closing it: open');
    const seen = listen(agent);

    setPull(SENSOR, 'pull-down'); // the switch closes the line to ground
    await until(() => seen.length === 1, 'the "closed" callback');
    assert.equal(agent.doorClosed(), true);
    setPull(SENSOR, 'pull-up');
    await until(() => seen.length === 2, 'the "open" callback');
    // Proving no third callback needs time with nothing to wait for: twice the debounce.
    await pause(2 * DEBOUNCE_MS);
    assert.deepEqual(states(seen), [true, false]);
  });

  test('a bounce longer than the debounce time, edges closer than it: one callback, the final state', async () => {
    const agent = driver();
    await agent.start();
    const seen = listen(agent);
    // Open → closed with a bounce: 5 edges a third of the debounce time apart (1.3 × debounce in
    // all), so a timer that did not restart on every edge would fire in the middle of it.
    const toggles = [];
    for (const pull of ['pull-down', 'pull-up', 'pull-down', 'pull-up', 'pull-down']) {
      if (toggles.length) await pause(DEBOUNCE_MS / 3);
      setPull(SENSOR, pull);
      toggles.push(performance.now());
    }
    const widest = Math.max(...toggles.slice(1).map((at, i) => at - toggles[i]));
    assert.ok(widest < DEBOUNCE_MS, `the VM was too slow to bounce within the debounce time (${widest} ms apart)`);
    await until(() => seen.length >= 1, 'the debounced callback');
    await pause(2 * DEBOUNCE_MS); // nothing to wait for: proving there is no second callback
    assert.deepEqual(states(seen), [true]);
    const after = seen[0].at - toggles.at(-1);
    assert.ok(after >= DEBOUNCE_MS - 5, `the callback came ${after} ms after the last edge, before the debounce time`);

    // A blip that returns to where it was within the debounce time is no change at all.
    setPull(SENSOR, 'pull-up');
    setPull(SENSOR, 'pull-down');
    // An absence over time is the point: twice the debounce, in which no callback may come.
    await pause(2 * DEBOUNCE_MS);
    assert.deepEqual(states(seen), [true]);
    assert.equal(agent.doorClosed(), true);
  });

  test('a sensor closing to 3.3 V: pull-down set on the line, closed at 1', async () => {
    setPull(SENSOR, 'pull-up'); // the opposite of the bias expected, so that the driver's shows
    const agent = driver({ doorSensorClosedLevel: 1 });
    await agent.start();
    assert.equal(pullOf(SENSOR), 'pull-down');
    assert.equal(agent.doorClosed(), false);
    const seen = listen(agent);
    setPull(SENSOR, 'pull-up');
    await until(() => seen.length === 1, 'the "closed" callback');
    assert.deepEqual(states(seen), [true]);
  });
});

describe('lines held by someone else', () => {
  test('a line held by "gpioset": start() fails naming the pin and the holder, and leaves nothing held', async () => {
    const gpioset = binding.request(header.dev, {
      consumer: 'gpioset',
      offsets: [27],
      direction: 'output',
      activeLow: false,
      values: [1],
    });
    try {
      const error = await startError(driver());
      assert.ok(error instanceof GpioSetupError, String(error));
      assert.equal(
        error.message.split('\n')[0],
        `GPIO lines the agent needs on ${header.dev} ("pinctrl-bcm2711") are in use by another program ` +
          '(stop it, or change the pin map):',
      );
      assert.deepEqual(error.problems, ['light: BCM 27 is held by "gpioset"']);
      const others = allOffsets(header).filter((offset) => offset !== 27);
      assert.deepEqual(holders(header, others), free(others), 'the agent kept a line');
      assert.deepEqual([binding.holder(header.dev, 27), level(27)], ['gpioset', 1], "gpioset's line was touched");
    } finally {
      gpioset.release();
    }
  });

  test("a second agent is refused by the first one's lines, and starts once they are free", async () => {
    const first = driver();
    await first.start();
    await assert.rejects(driver().start(), /door: BCM 17 is held by "kort-agent"/);
    await first.stop();
    await driver().start();
  });
});

describe('an agent killed while it holds the lines', () => {
  // The kernel frees the lines of a dead process; it writes no level of its own. What the pin does
  // next is the GPIO chip driver's choice: gpio-sim puts the line's value back to its simulated pull
  // (gpio_sim_free() in drivers/gpio/gpio-sim.c), which here plays the relay board's resistor.
  for (const [activeLow, boardPull] of [
    [false, 'pull-down'],
    [true, 'pull-up'],
  ]) {
    test(`activeLow ${activeLow}, board ${boardPull}: SIGKILL with the door on, the kernel frees every line`, async (t) => {
      for (const pin of RELAY_PINS) setPull(pin, boardPull);
      const child = spawn(process.execPath, [join(__dirname, 'hold-lines.cjs'), String(activeLow)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
      try {
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        await until(() => output.includes('holding') || child.exitCode !== null, 'the child to hold its lines');
        assert.equal(child.exitCode, null, 'the child agent failed to start');
        const on = activeLow ? 0 : 1;
        assert.deepEqual([binding.holder(header.dev, 17), level(17)], [GPIO_CONSUMER, on], 'door held and on');

        startTrace();
        child.kill('SIGKILL');
        assert.equal(await exited, 'SIGKILL');
        const pins = [...RELAY_PINS, SENSOR];
        await until(() => holders(header, pins).every((holder) => holder === null), 'the kernel to free the lines');
        const writes = [...tracedEvents()].filter(([, events]) => events.some((event) => !event.startsWith('get')));
        assert.deepEqual(writes, [], 'the kernel wrote to a line as it freed it');
        const pulled = boardPull === 'pull-up' ? 1 : 0;
        assert.deepEqual(
          relayLevels(),
          RELAY_PINS.map(() => pulled),
          "the relay lines at the board's pull",
        );
        const direction = lineInfo(header, 17).output ? 'output' : 'input';
        t.diagnostic(
          `finding: after SIGKILL every line is free, no level written at release; relay levels ` +
            `${relayLevels().join('')} (the pull); door BCM 17 at ${level(17)}, its line info says ${direction}`,
        );
      } finally {
        child.kill('SIGKILL'); // a failed check must not leave it holding the lines for the next one
        await exited;
      }
    });
  }
});
