import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import net from 'node:net';
import { messages } from '@kort/contracts';
import { QUEUES } from '../src/queues/queues';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { startTestApp, type TestApp } from './support/test-app';

/** An SMTP server that accepts connections and never answers: the slowest mail server there is. */
function silentSmtp(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () => new Promise((done) => (sockets.forEach((s) => s.destroy()), server.close(() => done()))),
      }),
    ),
  );
}

async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const register = (api: TestApp, email: string) =>
  api.client().post('/api/register/', { email, name_user: 'Тест', password1: PASSWORD, password2: PASSWORD });

test('a mail server that hangs does not hold up registration: the answer comes while the mail is still pending', async () => {
  const smtp = await silentSmtp();
  const api = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_TIMEOUT_MS: '500' });
  try {
    const email = uniqueEmail('slow-smtp');
    const response = await register(api, email);
    expect(response.status).toBe(200);
    expect(response.body.detail).toBe(messages.codeSent);

    const queue = api.app.get<Queue>(getQueueToken(QUEUES.mail));
    const jobs = await queue.getJobs(['waiting', 'active', 'delayed']);
    expect(jobs.map((job: Job<{ to: string }>) => job.data.to)).toContain(email);
  } finally {
    await api.close(); // waits for the delivery in progress to time out
    await smtp.close();
  }
});

test('a mail server that refuses connections fails the delivery, not the call; the letter is kept for a retry', async () => {
  const api = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  try {
    const email = uniqueEmail('down-smtp');
    expect((await register(api, email)).status).toBe(200);

    const queue = api.app.get<Queue>(getQueueToken(QUEUES.mail));
    let job: Job<{ to: string }> | undefined;
    const deadline = Date.now() + 10_000;
    while (!job && Date.now() < deadline) {
      job = (await queue.getJobs(['delayed'])).find((j: Job<{ to: string }>) => j.data.to === email);
      if (!job) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job).toBeDefined();
    expect(job!.attemptsMade).toBeGreaterThanOrEqual(1);
    expect(job!.failedReason).toMatch(/ECONNREFUSED|connect/i);
    expect(job!.opts.attempts).toBeGreaterThan(1);
  } finally {
    await api.close();
  }
});
