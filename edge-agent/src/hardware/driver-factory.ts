import { existsSync, readdirSync } from 'node:fs';
import { type AgentConfig } from '../config';
import { type Logger } from '../logger';
import { GpioDriver } from './gpio-driver';
import { type RelayDriver } from './relay-driver';
import { SimulatedDriver } from './simulated-driver';

/** DRIVER=auto: GPIO when the sysfs root exists and holds a gpiochip, the simulator otherwise. */
export function resolveDriverKind(config: Pick<AgentConfig, 'driver' | 'gpioSysfsRoot'>): 'gpio' | 'simulated' {
  if (config.driver !== 'auto') return config.driver;
  if (!existsSync(config.gpioSysfsRoot)) return 'simulated';
  try {
    return readdirSync(config.gpioSysfsRoot).some((entry) => entry.startsWith('gpiochip')) ? 'gpio' : 'simulated';
  } catch {
    return 'simulated';
  }
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
