import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { type RunningAgent } from '../src/agent';
import { alarmEvents, startHardwareAgent } from './support/alarm-requests';
import { eventually } from './support/helpers';
import { useEdgeServer } from './support/test-agent';

const CLI = join(__dirname, '../dist/cli.js');
const edge = useEdgeServer();

/** `kort-agent simulate …` as an operator types it, run asynchronously: the agent answers in this process. */
function kortAgent(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH!, ...env }, encoding: 'utf8', timeout: 20_000 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

const portOf = (agent: RunningAgent) => new URL(agent.display.url).port;

test('`kort-agent simulate <alarm>` reaches the running agent through its display port; --clear ends it', async () => {
  const { agent } = await edge.start();
  await eventually(() => expect(agent.connected()).toBe(true));
  const env = { DISPLAY_HOST: '127.0.0.1', DISPLAY_PORT: portOf(agent) };

  expect(await kortAgent(['simulate', 'tamper'], env)).toEqual({
    code: 0,
    stdout: 'tamper (Вскрытие корпуса): raised\n',
    stderr: '',
  });
  await eventually(() =>
    expect(alarmEvents(edge.server.storedEvents)).toEqual([
      { kind: 'alarm.raised', alarm: 'tamper', value: undefined, offline: false },
    ]),
  );
  expect(await kortAgent(['simulate', 'tamper', '--clear'], env)).toMatchObject({
    code: 0,
    stdout: 'tamper (Вскрытие корпуса): cleared\n',
  });
  expect(await kortAgent(['simulate', 'door.held-open'], env)).toMatchObject({
    code: 0,
    stdout: 'door.held-open (Дверь не закрыта): the door is open; the alarm is raised after 60 s (DOOR_HELD_OPEN_S)\n',
  });
  // The door is open now: pushing it open is not a new opening, so nothing is forced.
  expect(await kortAgent(['simulate', 'door.forced'], env)).toMatchObject({
    code: 1,
    stdout: 'door.forced (Дверь открыта без команды): not raised (Дверь уже открыта: сначала закройте её)\n',
  });
});

test('refusals in one sentence: an unknown alarm, no agent at the address, an agent on real hardware', async () => {
  const unknown = await kortAgent(['simulate', 'door.stolen'], {});
  expect(unknown.code).toBe(2);
  expect(unknown.stderr.split('\n')[0]).toBe(
    'Unknown alarm "door.stolen". Alarms: door.held-open, door.forced, tamper, pi.temperature, pi.disk, pi.clock',
  );

  const { agent } = await startHardwareAgent(edge.server);
  const port = portOf(agent);
  try {
    expect(await kortAgent(['simulate', 'tamper'], { DISPLAY_PORT: port })).toEqual({
      code: 1,
      stdout: '',
      stderr: `The agent at http://127.0.0.1:${port} does not simulate alarms: it drives real hardware (only DRIVER=simulated does).\n`,
    });
  } finally {
    await agent.stop();
  }
  // Stopped: nothing listens there any more.
  expect(await kortAgent(['simulate', 'tamper'], { DISPLAY_PORT: port })).toEqual({
    code: 1,
    stdout: '',
    stderr: `No agent answers at http://127.0.0.1:${port} (is kort-agent running, with this DISPLAY_HOST and DISPLAY_PORT?)\n`,
  });
});
