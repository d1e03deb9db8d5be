import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEdgeServer, TOKEN } from './support/edge-server';
import { eventually, tempDir } from './support/helpers';

const CLI = join(__dirname, '../dist/cli.js');

function run(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH!, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

test('a bad configuration prints the list of problems and exits 1, with no stack trace', () => {
  const result = run([], { DRIVER: 'simulated', DOOR_PULSE_MS: 'soon' });
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    'Kort agent cannot start: the configuration is invalid.\n' +
      '  - EDGE_AGENT_TOKEN is required (the same token as the API has for this site)\n' +
      '  - DOOR_PULSE_MS must be a number of milliseconds (1-600000)\n',
  );
});

const daemonEnv = (extra: Record<string, string>) => ({
  EDGE_AGENT_TOKEN: TOKEN,
  STATE_FILE: join(tempDir(), 'state.json'),
  DISPLAY_PORT: '0',
  LOG_LEVEL: 'silent',
  ...extra,
});

test('on a machine without GPIO the daemon refuses in one sentence instead of simulating', () => {
  const dev = tempDir();
  const result = run([], daemonEnv({ GPIO_SYSFS_ROOT: join(dev, 'no-sysfs'), GPIO_DEV_ROOT: dev }));
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    `Kort agent found no GPIO on this machine (no gpiochip in ${dev} or ${join(dev, 'no-sysfs')}): ` +
      'run it on the Raspberry Pi that drives the relays, or set DRIVER=simulated on a laptop or test rig.\n',
  );
});

test('with a /dev/gpiochip* the daemon takes the character device, through the real addon, and says why it cannot', () => {
  // Not a chip, but a file named like one: the addon's ioctl is refused by the kernel, as on a
  // machine whose gpiochip is not a GPIO controller. The sentence names the device and the cause.
  const dev = tempDir();
  writeFileSync(join(dev, 'gpiochip0'), '');
  const result = run([], daemonEnv({ GPIO_SYSFS_ROOT: join(dev, 'no-sysfs'), GPIO_DEV_ROOT: dev }));
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    `Kort agent cannot list the GPIO chips in ${dev}: GPIO_GET_CHIPINFO_IOCTL: Inappropriate ioctl for device.\n`,
  );
});

test('test-relay switches one relay on for --ms, then off, saying what it does', () => {
  const result = run(['test-relay', 'shelf-4', '--ms', '50'], { DRIVER: 'simulated' });
  expect(result.status).toBe(0);
  expect(result.stdout).toBe(
    'Driver: simulated (no relay moves)\n' +
      'shelf-4 (simulated: no relay moves): ON for 50 ms\n' +
      'shelf-4 (simulated: no relay moves): OFF\n',
  );
  const unknown = run(['test-relay', 'shelf-12'], { DRIVER: 'simulated' });
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toContain('Unknown relay "shelf-12"');
});

test('the daemon logs JSON lines without the token, notifies systemd, and stops cleanly on SIGTERM', async () => {
  const server = await startEdgeServer();
  const dir = tempDir();
  // A stand-in for systemd-notify that records its arguments.
  const notifyLog = join(dir, 'notify.log');
  writeFileSync(join(dir, 'systemd-notify'), `#!/bin/sh\necho "$@" >> ${notifyLog}\n`);
  chmodSync(join(dir, 'systemd-notify'), 0o755);

  const daemon = spawn(process.execPath, [CLI], {
    env: {
      PATH: `${dir}:${process.env.PATH}`,
      API_URL: server.url,
      EDGE_AGENT_TOKEN: TOKEN,
      DRIVER: 'simulated',
      DISPLAY_PORT: '0',
      STATE_FILE: join(dir, 'state.json'),
      NOTIFY_SOCKET: '/run/fake-notify',
      WATCHDOG_USEC: '200000',
    },
  });
  let stdout = '';
  daemon.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  try {
    await eventually(() => expect(server.snapshots).toHaveLength(1), 10_000);
    expect(server.snapshots[0]).toMatchObject({ driver: 'simulated' }); // the dashboard marks it
    await eventually(() => {
      const calls = readFileSync(notifyLog, 'utf8').split('\n');
      expect(calls[0]).toBe('--ready');
      expect(calls.filter((call) => call === 'WATCHDOG=1').length).toBeGreaterThanOrEqual(2);
    });
    const exited = new Promise<number | null>((resolve) => daemon.once('exit', resolve));
    daemon.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    daemon.kill('SIGKILL');
    await server.close();
  }
  const lines = stdout.trim().split('\n');
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(entries.every((entry) => entry.level && entry.time && entry.msg)).toBe(true);
  expect(entries.map((entry) => entry.msg)).toEqual(
    expect.arrayContaining(['agent started', 'connected to the API', 'shutting down', 'agent stopped']),
  );
  expect(stdout).not.toContain(TOKEN);
});
