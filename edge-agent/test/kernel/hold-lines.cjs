'use strict';
// An agent that dies holding its lines: gpio-sim-checks.cjs starts it, waits for "holding" and
// SIGKILLs it, so nothing of the driver's own clean-up can run; only the kernel can free the lines.
//   node hold-lines.cjs <activeLow: true|false>
const { DEFAULT_PINS } = require('../../dist/config');
const { ChardevDriver } = require('../../dist/hardware/chardev-driver');

const driver = new ChardevDriver({
  pins: { ...DEFAULT_PINS, doorSensor: 4 },
  activeLow: process.argv[2] === 'true',
  devRoot: '/dev',
  debounceMs: 50,
  doorSensorClosedLevel: 0,
});

driver
  .start()
  .then(() => driver.set('door', true)) // the door unlocked when the agent dies: the worst moment
  .then(
    () => {
      process.stdout.write('holding\n');
      setInterval(() => {}, 1 << 30); // alive until killed
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
