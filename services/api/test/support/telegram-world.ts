import type { Client } from './client';
import { waitFor } from './wait';
import { bot, TELEGRAM, type SentMessage } from './fake-services';
import { signedInPlayers } from './players';
import { freePort } from './processes';
import { startTestApp, type TestApp } from './test-app';
import type { TestClock } from './test-clock';

/**
 * The Telegram side of the notifications' tests: replicas with the club's bot on the fake Bot API
 * (test/support/fake-services.ts), and players whose chats are linked through the real flow.
 * Chats are numbered per process so that files sharing the fake never read each other's messages.
 */
let nextChat = 880_000_000 + (process.pid % 1000) * 1000;
export const newChat = () => (nextChat += 1);

export type Person = { client: Client; id: number; email: string };

/** A replica with the bot, on a port of its own that PUBLIC_URL names (the webhook's address). */
export async function replica(env: Record<string, string>, prefix: string, clock: TestClock): Promise<TestApp> {
  const port = await freePort();
  return startTestApp(
    {
      TELEGRAM_BOT_TOKEN: TELEGRAM.token,
      TELEGRAM_API_ROOT: TELEGRAM.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      REDIS_PREFIX: prefix,
      ...env,
    },
    clock,
    { port, ownDatabase: false },
  );
}

/** Once the replica has set the fake's webhook to itself at start. */
export async function useWebhookOf(app: TestApp): Promise<void> {
  await waitFor(async () => (await bot.webhook())?.url === `${app.config.publicUrl}/api/telegram/webhook`);
}

/** Links the chat through the whole flow: a one-time link, /start with its token. */
export async function link(player: Person, chat: number): Promise<void> {
  const issued = await player.client.post('/api/telegram/link/');
  expect(issued.status).toBe(200);
  const token = new URL(issued.body.detail as string).searchParams.get('start')!;
  const before = (await bot.sent(chat)).length;
  await bot.say(chat, `/start ${token}`);
  await waitFor(async () => (await bot.sent(chat)).slice(before).some((m) => m.text.includes('Telegram подключён')));
}

/** A new player of `api` with a chat of their own linked. */
export async function linkedPlayer(api: TestApp): Promise<Person & { chat: number }> {
  const [player] = (await signedInPlayers(api, 1)) as Person[];
  const chat = newChat();
  await link(player!, chat);
  return { ...player!, chat };
}

export const lastTo = async (chat: number): Promise<SentMessage | undefined> => (await bot.sent(chat)).at(-1);
