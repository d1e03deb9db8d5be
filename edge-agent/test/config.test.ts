import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AgentConfig, AgentConfigError, DEFAULT_PINS, loadAgentConfig } from '../src/config';
import { resolveDriverKind } from '../src/hardware/driver-factory';
import { GpioSetupError } from '../src/hardware/gpio-chip';
import { fakeSysfs, PI4_CHIPS } from './support/fake-gpio';
import { tempDir } from './support/helpers';

function problemsOf(attempt: () => unknown): string[] {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(AgentConfigError);
    return (error as AgentConfigError).problems;
  }
  throw new Error('expected the configuration to be refused');
}

function configFile(content: unknown): string {
  const file = join(tempDir(), 'config.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('agent configuration', () => {
  test('defaults: only the token is needed', () => {
    const config = loadAgentConfig({ EDGE_AGENT_TOKEN: 'abc' }, []);
    expect(config).toMatchObject({
      apiUrl: 'http://127.0.0.1:3000',
      siteId: 'default',
      driver: 'auto',
      displayHost: '127.0.0.1',
      displayPort: 8090,
      doorPulseMs: 5000,
      doorSensorDebounceMs: 50,
      offlineAfterMs: 10_000,
      gpioSysfsRoot: '/sys/class/gpio',
      gpioDevRoot: '/dev',
      activeLow: false,
      pins: DEFAULT_PINS,
      stateFile: join(process.cwd(), 'kort-agent-state.json'),
    });
  });

  test('the file is overlaid by the environment; the state file defaults to the config dir', () => {
    const file = configFile({
      apiUrl: 'http://api.local:3000',
      siteId: 'file-site',
      activeLow: true,
      doorPulseMs: 3000,
      offlineAfterMs: 20_000,
    });
    const config = loadAgentConfig({ EDGE_AGENT_TOKEN: 't', SITE_ID: 'env-site', OFFLINE_AFTER_MS: '15000' }, [
      '--config',
      file,
    ]);
    expect(config).toMatchObject({
      apiUrl: 'http://api.local:3000',
      siteId: 'env-site',
      activeLow: true,
      doorPulseMs: 3000,
      offlineAfterMs: 15_000,
    });
    expect(config.stateFile).toBe(join(file, '..', 'kort-agent-state.json'));
    expect(loadAgentConfig({ EDGE_AGENT_TOKEN: 't', KORT_AGENT_CONFIG: file }, []).siteId).toBe('file-site');
  });

  test('a missing token is reported by its variable name', () => {
    expect(problemsOf(() => loadAgentConfig({}, []))).toEqual([
      'EDGE_AGENT_TOKEN is required (the same token as the API has for this site)',
    ]);
    expect(loadAgentConfig({}, [], { requireToken: false }).token).toBe('');
  });

  test('every problem of a bad pin map and bad variables is listed at once, readably', () => {
    const file = configFile({
      pins: { ...DEFAULT_PINS, light: 17, 'shelf-3': 99, 'shelf-12': 4, 'shelf-9': undefined, doorSensor: 'x' },
      activeLow: 'yes',
    });
    const problems = problemsOf(() =>
      loadAgentConfig({ EDGE_AGENT_TOKEN: 't', DISPLAY_PORT: 'eighty', DRIVER: 'magic', OFFLINE_AFTER_MS: '5s' }, [
        '--config',
        file,
      ]),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'DRIVER must be auto, chardev, sysfs or simulated',
        'DISPLAY_PORT must be a port number (0-65535)',
        'pins.shelf-3 must be a BCM GPIO number (0-57)',
        'pins.shelf-9 is missing (every relay needs a pin)',
        'pins.doorSensor must be a BCM GPIO number (0-57)',
        expect.stringMatching(/^pins\.shelf-12 is not a relay or input \(known: door, light, shelf-1, .*doorSensor\)$/),
        'pins.light uses BCM 17, already used by door',
        'activeLow must be true or false',
        'OFFLINE_AFTER_MS must be a number of milliseconds (100-3600000)',
      ]),
    );
    expect(problems).toHaveLength(9);
    const message = new AgentConfigError(problems).message;
    expect(message.split('\n')[0]).toBe('Kort agent cannot start: the configuration is invalid.');
    expect(
      message
        .split('\n')
        .slice(1)
        .every((line) => line.startsWith('  - ')),
    ).toBe(true);
  });

  test('an unreadable or unknown config file is a problem, not a crash', () => {
    expect(
      problemsOf(() => loadAgentConfig({ EDGE_AGENT_TOKEN: 't' }, ['--config', '/nonexistent/kort.json'])),
    ).toEqual(['config file /nonexistent/kort.json cannot be read (ENOENT)']);
    expect(problemsOf(() => loadAgentConfig({ EDGE_AGENT_TOKEN: 't' }, ['--config', configFile('{ nope')]))[0]).toMatch(
      /is not valid JSON/,
    );
    expect(problemsOf(() => loadAgentConfig({}, ['--config', configFile({ token: 'in-file', colour: 1 })]))).toEqual([
      'token does not belong in the config file: set EDGE_AGENT_TOKEN in the environment',
      expect.stringMatching(/^colour is not a setting of the config file/),
      'EDGE_AGENT_TOKEN is required (the same token as the API has for this site)',
    ]);
  });

  test('DRIVER=auto: the character device first, sysfs where only it exists, never the simulator', () => {
    const devWithChip = tempDir();
    writeFileSync(join(devWithChip, 'gpiochip0'), '');
    const emptyDev = tempDir();
    const auto = (gpioSysfsRoot: string, gpioDevRoot: string, driver: AgentConfig['driver'] = 'auto') =>
      resolveDriverKind({ driver, gpioSysfsRoot, gpioDevRoot });
    expect(auto('/nonexistent', devWithChip)).toBe('gpio-chardev'); // Trixie: the character device only
    expect(auto(fakeSysfs(PI4_CHIPS), devWithChip)).toBe('gpio-chardev'); // Bookworm has both
    expect(auto(fakeSysfs(PI4_CHIPS), emptyDev)).toBe('gpio-sysfs'); // an old kernel: sysfs only
    // A laptop: no GPIO at all. A clear refusal, not a simulated door.
    expect(() => auto('/nonexistent', emptyDev)).toThrow(GpioSetupError);
    expect(() => auto(fakeSysfs([]), emptyDev)).toThrow(/found no GPIO on this machine.*DRIVER=simulated/);
    // "gpio", the setting's older name, is auto; the others force a driver.
    expect(auto(fakeSysfs(PI4_CHIPS), devWithChip, 'gpio')).toBe('gpio-chardev');
    expect(() => auto('/nonexistent', emptyDev, 'gpio')).toThrow(/found no GPIO/);
    expect(auto(fakeSysfs(PI4_CHIPS), devWithChip, 'sysfs')).toBe('gpio-sysfs');
    expect(auto('/nonexistent', emptyDev, 'chardev')).toBe('gpio-chardev');
    expect(auto('/nonexistent', emptyDev, 'simulated')).toBe('simulated');
  });
});
