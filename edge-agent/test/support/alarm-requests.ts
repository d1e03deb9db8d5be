import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AgentEvent } from '@kort/contracts';
import { type RunningAgent, startAgent } from '../../src/agent';
import { loadAgentConfig } from '../../src/config';
import { SysfsDriver } from '../../src/hardware/sysfs-driver';
import { type EdgeServer, TOKEN } from './edge-server';
import { fakeGpioClass, fakeSysfs, PI4_CHIPS } from './fake-gpio';
import { capturingLogger, tempDir } from './helpers';
import { SITE } from './schedules';

/** What the debug panel's buttons send. */
export async function simulateAlarm(agent: RunningAgent, body: unknown, contentType = 'application/json') {
  const response = await fetch(new URL('debug/alarm', agent.display.url), {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as Record<string, unknown> };
}

/** The alarm events among `events`, as the API would store them. */
export const alarmEvents = (events: readonly AgentEvent[]) =>
  events
    .filter((event) => event.kind === 'alarm.raised' || event.kind === 'alarm.cleared')
    .map(({ kind, params, offline }) => ({ kind, alarm: params?.alarm, value: params?.value, offline }));

/**
 * The real agent on real (fake-sysfs) GPIO, not simulated: a Pi whose CPU reads 85 °C through
 * THERMAL_FILE, looked at every 100 ms.
 */
export async function startHardwareAgent(server: EdgeServer) {
  const dir = tempDir();
  const thermalFile = join(dir, 'temp');
  writeFileSync(thermalFile, '85000\n');
  const config = loadAgentConfig(
    {
      API_URL: server.url,
      SITE_ID: SITE,
      EDGE_AGENT_TOKEN: TOKEN,
      DRIVER: 'sysfs',
      DISPLAY_PORT: '0',
      STATE_FILE: join(dir, 'state.json'),
      THERMAL_FILE: thermalFile,
      PI_CHECK_MS: '100',
    },
    [],
  );
  const driver = new SysfsDriver({
    pins: config.pins,
    activeLow: false,
    sysfsRoot: fakeSysfs(PI4_CHIPS),
    debounceMs: 0,
    doorSensorClosedLevel: 0,
    Gpio: fakeGpioClass().Gpio,
  });
  const agent = await startAgent(config, { driver, logger: capturingLogger() });
  return { agent, thermalFile };
}
