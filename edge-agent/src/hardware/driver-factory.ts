import { existsSync, readdirSync } from 'node:fs';
import { type AgentConfig } from '../config';
import { type Logger } from '../logger';
import { GpioSetupError } from './gpio-chip';
import { GpioDriver } from './gpio-driver';
import { type RelayDriver } from './relay-driver';
import { SimulatedDriver } from './simulated-driver';

function holdsGpioChip(folder: string): boolean {
  try {
    return readdirSync(folder).some((entry) => entry.startsWith('gpiochip'));
  } catch {
    return false;
  }
}

/**
 * DRIVER=auto: the sysfs GPIO driver where the kernel offers sysfs GPIO. Never the simulator: an
 * agent that silently simulates on a real Pi tells players "Дверь открыта!" while nothing moves, so
 * anything else stops the agent with one sentence; only DRIVER=simulated simulates.
 */
export function resolveDriverKind(
  config: Pick<AgentConfig, 'driver' | 'gpioSysfsRoot' | 'gpioDevRoot'>,
): 'gpio' | 'simulated' {
  if (config.driver !== 'auto') return config.driver;
  if (existsSync(config.gpioSysfsRoot) && holdsGpioChip(config.gpioSysfsRoot)) return 'gpio';
  if (holdsGpioChip(config.gpioDevRoot)) {
    throw new GpioSetupError(
      `Kort agent cannot drive this machine's GPIO: it offers only the GPIO character device ` +
        `(${config.gpioDevRoot}/gpiochip*, as Raspberry Pi OS Trixie does) and this agent drives sysfs GPIO ` +
        `(${config.gpioSysfsRoot}); install Raspberry Pi OS Bookworm, or set DRIVER=simulated on a rig without relays.`,
    );
  }
  throw new GpioSetupError(
    `Kort agent found no GPIO on this machine (no gpiochip in ${config.gpioSysfsRoot} or ${config.gpioDevRoot}): ` +
      `run it on the Raspberry Pi that drives the relays, or set DRIVER=simulated on a laptop or test rig.`,
  );
}

export function createDriver(config: AgentConfig, logger: Logger): RelayDriver {
  if (resolveDriverKind(config) === 'simulated') return new SimulatedDriver();
  return new GpioDriver({
    pins: config.pins,
    activeLow: config.activeLow,
    sysfsRoot: config.gpioSysfsRoot,
    chipLabel: config.gpioChipLabel,
    debounceMs: config.doorSensorDebounceMs,
    doorSensorClosedLevel: config.doorSensorClosedLevel,
    logger,
  });
}
