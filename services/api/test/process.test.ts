import { randomUUID } from 'node:crypto';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { Client } from './support/client';
import { nextCode } from './support/mailbox';
import { startScript } from './support/processes';

/** The compiled API as an operator runs it (`npm run start:prod`), in this run's database and Redis prefix. */
const startProcess = () =>
  startScript('start:prod', {
    ...process.env,
    LOG_LEVEL: 'info',
    REDIS_PREFIX: `${process.env.REDIS_PREFIX}${randomUUID().slice(0, 8)}:`,
  });

test('JSON logs an operator can read, with no password, code, session or CSRF token in them; SIGTERM stops cleanly', async () => {
  const { child, base, output: logs, exited } = await startProcess();
  const client = new Client(base);
  const email = uniqueEmail('logs');
  await client.post('/api/register/', { email, name_user: 'Лог', password1: PASSWORD, password2: PASSWORD });
  const code = await nextCode(email);
  expect((await client.post('/api/activate/', { email, code })).status).toBe(200);
  expect((await client.post('/api/login/', { email, password: PASSWORD })).status).toBe(200);
  expect((await client.post('/api/login/', { email, password: 'Wrong-Password-1' })).status).toBe(400);

  // SIGTERM drains the replica (no new connections, requests in flight finish), then Nest's hooks
  // close the workers and connections, and the process ends with 0.
  child.kill('SIGTERM');
  expect(await exited).toBe(0);

  const output = logs();
  const lines = output
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg?: string; req?: { url: string }; res?: { statusCode: number } });
  // One line per request with route and status; the mail worker reports the delivery.
  expect(lines.some((l) => l.req?.url === '/api/login/' && l.res?.statusCode === 400)).toBe(true);
  expect(lines.some((l) => l.msg === 'mail sent')).toBe(true);
  expect(lines.map((l) => l.msg).slice(-4)).toEqual([
    'shutting down: no new connections, waiting for requests in flight',
    'requests drained',
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
