import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startAgent } from '../src/agent';
import { loadAgentConfig } from '../src/config';
import { SimulatedDriver } from '../src/hardware/simulated-driver';
import { silentLogger } from '../src/logger';
import { AgentParts } from '../src/parts/agent-part';
import { capturingLogger, tempDir } from './support/helpers';

describe('the agent parts: started in order, stopped in reverse', () => {
  const trace: string[] = [];
  const part = (name: string, fail: { start?: boolean; stop?: boolean } = {}) => ({
    name,
    start() {
      trace.push(`start ${name}`);
      if (fail.start) throw new Error(`${name} cannot start`);
    },
    stop() {
      trace.push(`stop ${name}`);
      if (fail.stop) return Promise.reject(new Error(`${name} cannot stop`));
    },
  });
  beforeEach(() => trace.splice(0));

  test('stop runs last started first; a part that fails to stop is logged and the others still stop', async () => {
    const logger = capturingLogger();
    const parts = new AgentParts([part('driver'), part('state', { stop: true }), part('transport')], logger);
    await parts.start();
    await parts.stop();
    await parts.stop();
    expect(trace).toEqual([
      'start driver',
      'start state',
      'start transport',
      'stop transport',
      'stop state',
      'stop driver',
    ]);
    expect(logger.entries()).toEqual([
      expect.objectContaining({ level: 'error', msg: 'stopping a part failed', part: 'state' }),
    ]);
  });

  test('a part that cannot start stops the start: later parts never start, the started ones stop', async () => {
    const parts = new AgentParts([part('driver'), part('display', { start: true }), part('transport')], silentLogger);
    await expect(parts.start()).rejects.toThrow('display cannot start');
    expect(parts.running).toBe(true);
    await parts.stop();
    expect(parts.running).toBe(false);
    expect(trace).toEqual(['start driver', 'start display', 'stop driver']);
  });
});

describe('an agent that cannot start', () => {
  let taken: Server;
  beforeEach(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    await new Promise((resolve) => taken.close(resolve));
  });

  const config = () =>
    loadAgentConfig(
      {
        // Never reached: both starts fail before the transport part.
        API_URL: 'http://127.0.0.1:9',
        SITE_ID: 'court-1',
        EDGE_AGENT_TOKEN: 'agent-token',
        DRIVER: 'simulated',
        DISPLAY_PORT: String((taken.address() as AddressInfo).port),
        STATE_FILE: join(tempDir(), 'state.json'),
      },
      [],
    );

  test('the door screen port in use: the start fails and the parts already started stop, relays at rest', async () => {
    const logger = capturingLogger();
    const driver = new SimulatedDriver();
    const stop = jest.spyOn(driver, 'stop');
    await expect(startAgent(config(), { driver, logger })).rejects.toThrow(/EADDRINUSE/);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(Object.values(driver.states()).every((on) => !on)).toBe(true);
    const said = logger.entries().map((entry) => entry.msg);
    expect(said).toEqual(expect.arrayContaining(['relays ready, all off', 'agent stopping', 'agent stopped']));
    expect(said).not.toContain('agent started');
  });

  test('relays that cannot start: the start fails with their error and nothing else is stopped or logged', async () => {
    const logger = capturingLogger();
    const driver = new SimulatedDriver();
    jest.spyOn(driver, 'start').mockRejectedValue(new Error('no GPIO'));
    const stop = jest.spyOn(driver, 'stop');
    await expect(startAgent(config(), { driver, logger })).rejects.toThrow('no GPIO');
    expect(stop).not.toHaveBeenCalled();
    expect(logger.entries().map((entry) => entry.msg)).not.toContain('agent stopping');
  });
});
