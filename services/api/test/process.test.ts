import type { CommandAck } from '@kort/contracts';
import { execFileSync } from 'node:child_process';
import { Agent, get as httpGet } from 'node:http';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { Client } from './support/client';
import { nextCode } from './support/mailbox';
import { obedient, scriptedAgent } from './support/agents';
import { waitFor } from './support/wait';
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
    'shutting down: no new connections, finishing requests',
    'requests drained, sockets moved',
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

test('SIGTERM while a device command waits for its agent: the answer still arrives, new connections are refused, the agent is let go, exit 0', async () => {
  const { child, base, exited } = await startProcess();
  const email = uniqueEmail('drain-admin');
  execFileSync(
    process.execPath,
    [join(__dirname, '../dist/cli/admin-create.js'), '--email', email, '--password', PASSWORD],
    {
      env: process.env,
    },
  );
  const admin = new Client(base);
  expect((await admin.post('/api/login/', { email, password: PASSWORD })).status).toBe(200);

  // An agent that takes 1.5 s to switch the light on. As the real agent, it runs an id once and
  // answers a repeated delivery of it (sent after 1 s without an answer) when that run is done.
  const events: string[] = [];
  const runs = new Map<string, Promise<CommandAck>>();
  const agent = await scriptedAgent(base, (command, ack) => {
    if (!runs.has(command.id))
      runs.set(command.id, new Promise((done) => setTimeout(() => obedient(command, done, agent.socket), 1500)));
    void runs.get(command.id)!.then(ack);
  });
  agent.socket.on('disconnect', (reason) => events.push(`agent disconnected: ${reason}`));

  const light = admin.act('/api/turn_on_light/').then((response) => {
    events.push('light answered');
    return response;
  });
  await waitFor(() => agent.commands.length >= 1);
  child.kill('SIGTERM');
  // The listener is closed at once: nothing new reaches this replica.
  await waitFor(refusesNewConnections(base));

  const answer = await light;
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ light_on: true });
  expect(await exited).toBe(0);
  // The agent is disconnected only after the request it was serving was answered.
  expect(events).toEqual(['light answered', 'agent disconnected: io server disconnect']);
  agent.close();
});

/** Whether a new connection to `base` is refused now (the stopping replica's listener is closed). */
const refusesNewConnections = (base: string) => () =>
  fetch(`${base}/api/health/live`).then(
    () => false,
    () => true,
  );

/** One GET on `agent`'s kept-alive connection: its status, `Connection` header and whether it reused one. */
function getOn(
  agent: Agent,
  url: string,
): Promise<{ status: number; connection: string | undefined; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          connection: response.headers.connection,
          reused: request.reusedSocket,
        }),
      );
    });
    request.on('error', reject);
  });
}

test('SIGTERM with a kept-alive connection idle (as nginx keeps them): a request sent on it after the stop began is answered, with Connection: close; exit 0', async () => {
  const { child, base, exited } = await startProcess();
  // nginx's upstream keeps connections like this: one request, then the connection waits for the next.
  const proxy = new Agent({ keepAlive: true, maxSockets: 1 });
  expect((await getOn(proxy, `${base}/api/give_rules/`)).status).toBe(200);

  child.kill('SIGTERM');
  // The listener closes at once: a new connection is refused...
  await waitFor(refusesNewConnections(base));
  // ...but the kept one is not closed under its client: a request written onto it now is served
  // (a POST nginx wrote there would otherwise be lost), and the replica asks to close it after.
  const late = await getOn(proxy, `${base}/api/give_rules/`);
  expect(late).toEqual({ status: 200, connection: 'close', reused: true });
  expect(await exited).toBe(0);
  proxy.destroy();
});
