import { type AgentDriver } from '@kort/contracts';
import { readdirSync } from 'node:fs';
import { type AgentConfig } from '../config';
import { type Logger } from '../logger';
import { ChardevDriver } from './chardev-driver';
import { GpioSetupError } from './gpio-chip';
import { type GpioDriverOptions } from './gpio-driver-base';
import { type RelayDriver } from './relay-driver';
import { SimulatedDriver } from './simulated-driver';
import { SysfsDriver } from './sysfs-driver';

function holdsGpioChip(folder: string): boolean {
  try {
    return readdirSync(folder).some((entry) => /^gpiochip\d+$/.test(entry));
  } catch {
    return false;
  }
}

/**
 * DRIVER=auto: the GPIO character device when /dev has a gpiochip (Raspberry Pi OS Trixie and
 * Bookworm), sysfs GPIO when only that exists (older kernels). Never the simulator: an agent that
 * silently simulates on a real Pi tells players "Дверь открыта!" while nothing moves, so a machine
 * without GPIO stops the agent with one sentence; only DRIVER=simulated simulates.
 */
export function resolveDriverKind(config: Pick<AgentConfig, 'driver' | 'gpioSysfsRoot' | 'gpioDevRoot'>): AgentDriver {
  if (config.driver === 'simulated') return 'simulated';
  if (config.driver === 'chardev') return 'gpio-chardev';
  if (config.driver === 'sysfs') return 'gpio-sysfs';
  if (holdsGpioChip(config.gpioDevRoot)) return 'gpio-chardev';
  if (holdsGpioChip(config.gpioSysfsRoot)) return 'gpio-sysfs';
  throw new GpioSetupError(
    `Kort agent found no GPIO on this machine (no gpiochip in ${config.gpioDevRoot} or ${config.gpioSysfsRoot}): ` +
      'run it on the Raspberry Pi that drives the relays, or set DRIVER=simulated on a laptop or test rig.',
  );
}

export function createDriver(config: AgentConfig, logger: Logger): RelayDriver {
  const common: GpioDriverOptions = {
    pins: config.pins,
    activeLow: config.activeLow,
    chipLabel: config.gpioChipLabel,
    debounceMs: config.doorSensorDebounceMs,
    doorSensorClosedLevel: config.doorSensorClosedLevel,
    inputs: { tamper: config.tamperLine, 'exit-button': config.exitButtonLine },
    logger,
  };
  switch (resolveDriverKind(config)) {
    case 'simulated':
      return new SimulatedDriver();
    case 'gpio-chardev':
      return new ChardevDriver({ ...common, devRoot: config.gpioDevRoot });
    case 'gpio-sysfs':
      return new SysfsDriver({ ...common, sysfsRoot: config.gpioSysfsRoot });
  }
}
