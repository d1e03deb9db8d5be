import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { join } from 'node:path';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { Client } from './support/client';
import { nextCode } from './support/mailbox';

/** The compiled API as an operator runs it: `node services/api/dist/main.js`. */
async function startProcess(): Promise<{ child: ChildProcess; base: string; logs: () => string }> {
  const port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo;
      server.close(() => resolve(free));
    });
  });
  const child = spawn(process.execPath, [join(__dirname, '../dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'info',
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}${randomUUID().slice(0, 8)}:`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  child.stdout?.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited:\n${logs}`);
    const healthy = await fetch(`${base}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { child, base, logs: () => logs };
    if (Date.now() > deadline) throw new Error(`API not healthy:\n${logs}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('JSON logs an operator can read, with no password, code, session or CSRF token in them; SIGTERM stops cleanly', async () => {
  const { child, base, logs } = await startProcess();
  const client = new Client(base);
  const email = uniqueEmail('logs');
  await client.post('/api/register/', { email, name_user: 'Лог', password1: PASSWORD, password2: PASSWORD });
  const code = await nextCode(email);
  expect((await client.post('/api/activate/', { email, code })).status).toBe(200);
  expect((await client.post('/api/login/', { email, password: PASSWORD })).status).toBe(200);
  expect((await client.post('/api/login/', { email, password: 'Wrong-Password-1' })).status).toBe(400);

  // Nest runs every shutdown hook, then re-raises the signal: the process ends "by SIGTERM".
  const exited = new Promise<string | null>((resolve) => child.once('exit', (_, signal) => resolve(signal)));
  child.kill('SIGTERM');
  expect(await exited).toBe('SIGTERM');

  const output = logs();
  const lines = output
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg?: string; req?: { url: string }; res?: { statusCode: number } });
  // One line per request with route and status; the mail worker reports the delivery.
  expect(lines.some((l) => l.req?.url === '/api/login/' && l.res?.statusCode === 400)).toBe(true);
  expect(lines.some((l) => l.msg === 'mail sent')).toBe(true);
  expect(lines.map((l) => l.msg).slice(-2)).toEqual([
    'stopping: finishing requests, closing queue workers and connections',
    'stopped',
  ]);
  // No secret anywhere.
  for (const secret of [PASSWORD, 'Wrong-Password-1', client.sessionId!, client.cookies.get('csrftoken')!]) {
    expect(output).not.toContain(secret);
  }
  expect(output).not.toMatch(new RegExp(`"code":\\s*"${code}"|код[^"]*${code}`, 'i'));
  expect(output).not.toContain(email); // addresses are masked in mail logs
});
