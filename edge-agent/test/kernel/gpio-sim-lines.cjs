'use strict';
// What the checks in this VM read to judge the agent, never from the agent itself: the chips /init
// made in configfs, gpio-sim's sysfs (the physical level and pull of each line), the GPIO uAPI's
// line info (holder, direction) and the kernel's gpio trace events (every level written to a line,
// in order). Shared by gpio-sim-checks.cjs and update-checks.cjs.
const assert = require('node:assert/strict');
const { closeSync, openSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { NATIVE_ADDON_PATH } = require('../../dist/hardware/chardev-binding');

const read = (path) => readFileSync(path, 'utf8').trim();
const native = require(NATIVE_ADDON_PATH);

/** A chip that /init made, as configfs, sysfs and the legacy GPIO numbering name it. */
function simChip(name) {
  const config = `/sys/kernel/config/gpio-sim/${name}`;
  const chipName = read(`${config}/bank0/chip_name`);
  const label = read(`${config}/bank0/label`);
  // The trace events name a line by its global GPIO number: the chip's base plus the offset.
  const legacy = readdirSync('/sys/class/gpio').find(
    (entry) => /^gpiochip\d+$/.test(entry) && read(`/sys/class/gpio/${entry}/label`) === label,
  );
  const sysfs = `/sys/devices/platform/${read(`${config}/dev_name`)}/${chipName}`;
  return {
    dev: `/dev/${chipName}`,
    chipName,
    label,
    lines: Number(read(`${config}/bank0/num_lines`)),
    sysfs,
    base: Number(read(`/sys/class/gpio/${legacy}/base`)),
    /** The physical level gpio-sim holds for a line: what a relay board would see on the pin. */
    level: (offset) => Number(read(`${sysfs}/sim_gpio${offset}/value`)),
    /** The switch on an input (or the board's resistor): gpio-sim moves the line to it, with an edge. */
    setPull: (offset, pull) => writeFileSync(`${sysfs}/sim_gpio${offset}/pull`, pull),
    pullOf: (offset) => read(`${sysfs}/sim_gpio${offset}/pull`),
  };
}

/** The kernel's view of a line (GPIO_V2_GET_LINEINFO_IOCTL), not the driver's. */
function lineInfo(chip, offset) {
  const fd = openSync(chip.dev, 'r+');
  try {
    return native.lineInfo(fd, offset);
  } finally {
    closeSync(fd);
  }
}

// The kernel's gpio trace events: gpio_value (every level set or read, physical) and
// gpio_direction. They show what happened between two readings of sysfs, e.g. a glitch to "on".
const TRACE = '/sys/kernel/tracing';
function startTrace() {
  writeFileSync(`${TRACE}/events/gpio/enable`, '1');
  writeFileSync(`${TRACE}/trace`, ''); // truncating the file empties the buffer
}
/** The chip's events since startTrace, per offset: "set 0", "get 1", "out", "in"… */
function tracedEvents(chip) {
  const events = new Map();
  for (const line of read(`${TRACE}/trace`).split('\n')) {
    const value = /gpio_value: (\d+) (get|set) (-?\d+)/.exec(line);
    const direction = /gpio_direction: (\d+)\s+(in|out) \((-?\d+)\)/.exec(line);
    const [gpio, event] = value
      ? [value[1], `${value[2]} ${value[3]}`]
      : direction
        ? [direction[1], direction[3] === '0' ? direction[2] : `${direction[2]} failed (${direction[3]})`]
        : [];
    const offset = Number(gpio) - chip.base;
    if (gpio === undefined || offset < 0 || offset >= chip.lines) continue;
    events.set(offset, [...(events.get(offset) ?? []), event]);
  }
  return events;
}

/** Polls `condition` (which may be async) until it holds; only a broken agent or kernel reaches the deadline. */
async function until(condition, what, { deadlineMs, pollMs = 5 }) {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`timed out after ${deadlineMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

module.exports = { lineInfo, native, read, simChip, startTrace, tracedEvents, until };
