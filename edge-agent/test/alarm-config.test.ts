import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentFiles, AgentConfigError, DEFAULT_PINS, loadAgentConfig } from '../src/config';
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

describe('the alarms settings', () => {
  test('defaults: held open 60 s, a 10 s grace, no tamper or exit button, the thermal zone, a look a minute', () => {
    const config = loadAgentConfig({ EDGE_AGENT_TOKEN: 't' }, []);
    expect(config).toMatchObject({
      doorHeldOpenS: 60,
      doorForcedGraceS: 10,
      thermalFile: '/sys/class/thermal/thermal_zone0/temp',
      piCheckMs: 60_000,
    });
    expect(config.tamperLine).toBeUndefined();
    expect(config.exitButtonLine).toBeUndefined();
    expect(agentFiles(config.stateFile).alarms).toBe(`${config.stateFile}.alarms`);
  });

  test('from the file, overlaid by the environment', () => {
    const file = join(tempDir(), 'config.json');
    writeFileSync(file, JSON.stringify({ doorHeldOpenS: 90, tamperLine: 24, exitButtonLine: 25, piCheckMs: 5000 }));
    const config = loadAgentConfig(
      {
        EDGE_AGENT_TOKEN: 't',
        DOOR_HELD_OPEN_S: '30',
        DOOR_FORCED_GRACE_S: '4',
        THERMAL_FILE: '/tmp/temp',
        EXIT_BUTTON_LINE: '18',
      },
      ['--config', file],
    );
    expect(config).toMatchObject({
      doorHeldOpenS: 30,
      doorForcedGraceS: 4,
      tamperLine: 24,
      exitButtonLine: 18,
      thermalFile: '/tmp/temp',
      piCheckMs: 5000,
    });
  });

  test('bad values and an input on a pin already used are refused, named as the operator set them', () => {
    const file = join(tempDir(), 'config.json');
    writeFileSync(file, JSON.stringify({ exitButtonLine: 4, pins: { ...DEFAULT_PINS, doorSensor: 4 } }));
    const problems = problemsOf(() =>
      loadAgentConfig(
        {
          EDGE_AGENT_TOKEN: 't',
          DOOR_HELD_OPEN_S: '0',
          DOOR_FORCED_GRACE_S: 'soon',
          TAMPER_LINE: '17',
          PI_CHECK_MS: '5',
        },
        ['--config', file],
      ),
    );
    expect(problems).toEqual([
      'DOOR_HELD_OPEN_S must be a number of seconds (1-3600)',
      'DOOR_FORCED_GRACE_S must be a number of seconds (0-600)',
      'PI_CHECK_MS must be a number of milliseconds (100-3600000)',
      'TAMPER_LINE uses BCM 17, already used by door',
      'exitButtonLine uses BCM 4, already used by doorSensor',
    ]);
    expect(problemsOf(() => loadAgentConfig({ EDGE_AGENT_TOKEN: 't', TAMPER_LINE: '58' }, []))).toEqual([
      'TAMPER_LINE must be a BCM GPIO number (0-57)',
    ]);
  });
});
