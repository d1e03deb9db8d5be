import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { createServer, type Server, type Socket as TcpSocket, connect } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { LIVE_EVENTS, type AdminAlert } from '@kort/contracts';
import { alertJobId } from '../../src/alerts/alert-messages';
import { QUEUES } from '../../src/queues/queues';
import type { Client } from '../support/client';
import { freePort } from '../support/processes';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait';

// The alerts' tests' world: a fake Telegram Bot API of the file's own (the shared one's single
// webhook and poller belong to test/notifications), staff whose chats are linked through the real
// flow, a dashboard's /live socket, and a TCP link between an agent and the API the test can cut.

export interface SentMessage {
  chat_id: number;
  text: string;
}

export interface OwnBotApi {
  env: Record<string, string>;
  sent(chatId: number): Promise<SentMessage[]>;
  /** A private chat's user sends `text` (the bot's /start with a link token). */
  say(chatId: number, text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * scripts/fake-telegram-bot-api.mjs (the Bot API's real protocol) in a worker thread (jest's
 * CommonJS loader cannot import an .mjs; a worker's can), driven over its control API.
 */
export async function startOwnBotApi(): Promise<OwnBotApi> {
  const scripts = resolve(__dirname, '../../../../scripts');
  const fakeUrl = pathToFileURL(resolve(scripts, 'fake-telegram-bot-api.mjs')).href;
  const token = `7000000${String(process.pid % 1000).padStart(3, '0')}:AAKortAlertsTestBotToken_0123456789`;
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
    (async () => {
      const { startFakeBotApi } = await import(${JSON.stringify(fakeUrl)});
      const fake = await startFakeBotApi({ token: ${JSON.stringify(token)}, username: 'kort_alerts_bot' });
      parentPort.once('message', () => fake.stop().then(() => parentPort.postMessage('closed')));
      parentPort.postMessage(fake.url);
    })();`,
    { eval: true },
  );
  const url = await new Promise<string>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
  });
  const control = async <T>(path: string, body?: object): Promise<T> => {
    const response = await fetch(`${url}/__fake/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`fake ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    env: { TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: url },
    sent: async (chatId) =>
      (await control<SentMessage[]>('sent')).filter((message) => Number(message.chat_id) === chatId),
    say: async (chatId, text) => {
      await control('start', { chat: { id: chatId, first_name: 'Админ' }, text });
    },
    close: async () => {
      const closed = new Promise((done) => worker.once('message', done));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

let nextChat = 770_000_000 + (process.pid % 1000) * 1000;

/** Links a new chat to the signed-in account through the real flow: a one-time link, then /start. */
export async function linkTelegram(bot: OwnBotApi, client: Client): Promise<number> {
  const chat = (nextChat += 1);
  const issued = await client.post('/api/telegram/link/');
  expect(issued.status).toBe(200);
  const token = new URL(issued.body.detail as string).searchParams.get('start')!;
  await bot.say(chat, `/start ${token}`);
  await waitFor(
    async () => (await bot.sent(chat)).some((message) => message.text.includes('Telegram подключён')),
    15_000,
    'the chat linked',
  );
  return chat;
}

/** The messages to the chat that tell of alerts (not the link's greeting). */
export const alertMessages = async (bot: OwnBotApi, chat: number): Promise<SentMessage[]> =>
  (await bot.sent(chat)).filter((message) => message.text.startsWith('⚠️'));

export interface LiveDashboard {
  alerts: AdminAlert[];
  close(): void;
}

/** A dashboard's /live socket for the site (the admin's session), collecting the alerts pushed. */
export async function liveDashboard(base: string, client: Client, site?: string): Promise<LiveDashboard> {
  const socket: Socket = io(`${base}/live`, {
    transports: ['websocket'],
    extraHeaders: { cookie: `sessionid=${client.sessionId}` },
    auth: site ? { site_id: site } : {},
    reconnection: false,
    forceNew: true,
  });
  const alerts: AdminAlert[] = [];
  socket.on(LIVE_EVENTS.alert, (alert: AdminAlert) => alerts.push(alert));
  await new Promise<void>((done, fail) => {
    socket.once(LIVE_EVENTS.deviceState, () => done());
    socket.once('connect_error', fail);
  });
  return { alerts, close: () => socket.close() };
}

/** A TCP link in front of the API that the test cuts and restores (the club's line going down). */
export interface CuttableLink {
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function cuttableLink(target: number): Promise<CuttableLink> {
  const port = await freePort();
  const open = new Set<TcpSocket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((done) => {
      server = createServer((client) => {
        const upstream = connect(target, '127.0.0.1');
        for (const socket of [client, upstream]) {
          open.add(socket);
          socket.on('close', () => open.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      }).listen(port, '127.0.0.1', () => done());
    });
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of open) socket.destroy();
    await new Promise<void>((done) => (closing ? closing.close(() => done()) : done()));
  };
  await listen();
  return { url: `http://127.0.0.1:${port}`, cut, restore: listen, close: cut };
}

/** Once the alert's one Telegram job is done (what it has not sent by then it never will). */
export async function messageJobDone(api: TestApp, alertId: number): Promise<void> {
  const [row] = await api.db.query<{ created_at: Date }[]>(`SELECT created_at FROM alerts WHERE id = $1`, [alertId]);
  const jobId = alertJobId(alertId, row!.created_at);
  const queue = api.app.get<Queue>(getQueueToken(QUEUES.alerts));
  await waitFor(async () => (await (await queue.getJob(jobId))?.isCompleted()) === true, 10_000, `${jobId} done`);
}

/**
 * A moment as the alerts write it on a Moscow site's clock: '19:42' on `now`'s day, else
 * '24.11.2026, 19:42' (a test running across midnight reads the same as the API).
 */
export function moscowMoment(at: Date | number, now: Date | number): string {
  const format = (options: Intl.DateTimeFormatOptions) => (instant: Date | number) =>
    new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', ...options }).format(instant);
  const day = format({ day: '2-digit', month: '2-digit', year: 'numeric' });
  const time = format({ hour: '2-digit', minute: '2-digit' })(at);
  return day(at) === day(now) ? time : `${day(at)}, ${time}`;
}

/** The alerts rows of the site, oldest first (what the database holds, whatever the API answers). */
export const alertRows = (api: TestApp, site = 'default') =>
  api.db.query<{ id: number; kind: string; raised_event: string | null; resolved_at: Date | null }[]>(
    `SELECT id, kind, raised_event, resolved_at FROM alerts WHERE site_id = $1 ORDER BY id`,
    [site],
  );
