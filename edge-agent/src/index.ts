export { startAgent, type AgentOptions, type RunningAgent } from './agent';
export { loadAgentConfig, AgentConfigError, DEFAULT_PINS, type AgentConfig, type PinMap } from './config';
export { GpioDriver, type GpioConstructor, type GpioLine, type GpioDriverOptions } from './hardware/gpio-driver';
export { GpioSetupError } from './hardware/gpio-chip';
export { SimulatedDriver } from './hardware/simulated-driver';
export { createDriver } from './hardware/driver-factory';
export { type RelayDriver, type RelayStates, safeRelayStates } from './hardware/relay-driver';
export { createJsonLogger, silentLogger, type Logger } from './logger';
