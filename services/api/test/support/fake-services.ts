import { waitFor } from './wait';

/**
 * The fake Telegram Bot API and push service the global setup started (scripts/fake-*.mjs), driven
 * over their control API: test files run in other workers, so each one reads only its own chats
 * and endpoints, never resets what another file is using.
 */
export const TELEGRAM = {
  url: process.env.FAKE_TELEGRAM_URL!,
  token: process.env.FAKE_TELEGRAM_TOKEN!,
  username: process.env.FAKE_TELEGRAM_BOT!,
};

export interface SentMessage {
  chat_id: number;
  text: string;
  message_id: number;
  reply_markup?: { inline_keyboard: { text: string; callback_data?: string; url?: string }[][] };
}
export interface BotRequest {
  method: string;
  params: Record<string, unknown>;
  status?: number;
}

async function call<T>(base: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${base}/__fake/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`fake ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const bot = {
  /** A private chat's user sends `text` (a /command gets its entity, as Telegram sends it). */
  say: (chatId: number, text: string, chat: Record<string, unknown> = {}) =>
    call<unknown>(TELEGRAM.url, 'start', { chat: { id: chatId, first_name: 'Игрок', ...chat }, text }),
  press: (chatId: number, messageId: number, data: string) =>
    call<unknown>(TELEGRAM.url, 'press', { chat: { id: chatId }, message_id: messageId, data }),
  block: (chatId: number) => call<unknown>(TELEGRAM.url, 'block', { chat_id: chatId, notify: false }),
  rateLimit: (n: number, retryAfter: number) =>
    call<unknown>(TELEGRAM.url, 'rate-limit', { n, retry_after: retryAfter }),
  sent: (chatId: number) =>
    call<SentMessage[]>(TELEGRAM.url, 'sent').then((all) => all.filter((m) => Number(m.chat_id) === chatId)),
  requests: () => call<BotRequest[]>(TELEGRAM.url, 'requests'),
  answers: () => call<{ callback_query_id: string; text?: string }[]>(TELEGRAM.url, 'callback-answers'),
  webhook: () => call<{ url: string; secret_token: string | null } | null>(TELEGRAM.url, 'webhook'),
  /** The first message to the chat that matches, once it has arrived. */
  async message(chatId: number, match: (m: SentMessage) => boolean, timeoutMs = 10_000): Promise<SentMessage> {
    let found: SentMessage | undefined;
    await waitFor(async () => {
      found = (await bot.sent(chatId)).find(match);
      return found !== undefined;
    }, timeoutMs);
    return found!;
  },
  /** A Bot API method called as a client would (the test plays ops: setWebhook, deleteWebhook). */
  async api(method: string, params: object = {}): Promise<unknown> {
    const response = await fetch(`${TELEGRAM.url}/bot${TELEGRAM.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    return response.json();
  },
};

export interface DeliveredPush {
  endpoint: string;
  ttl: number;
  urgency: string;
  json: { title: string; body: string; url: string; tag: string } | null;
}

const PUSH = process.env.FAKE_PUSH_URL!;

export const pushService = {
  /** What a browser's PushSubscription.toJSON() gives, on the fake service. */
  subscription: () => call<{ endpoint: string; keys: { p256dh: string; auth: string } }>(PUSH, 'subscription', {}),
  received: (endpoint: string) =>
    call<DeliveredPush[]>(PUSH, 'received').then((all) => all.filter((p) => p.endpoint === endpoint)),
  attempts: (endpoint: string) =>
    call<{ endpoint: string; status: number }[]>(PUSH, 'attempts').then((all) =>
      all.filter((a) => a.endpoint === endpoint),
    ),
  /** From now on the endpoint answers 410 Gone, as for a subscription the browser dropped. */
  expire: (endpoint: string) => call<unknown>(PUSH, 'expire', { endpoint }),
  async next(endpoint: string, match: (p: DeliveredPush) => boolean = () => true): Promise<DeliveredPush> {
    let found: DeliveredPush | undefined;
    await waitFor(async () => {
      found = (await pushService.received(endpoint)).find(match);
      return found !== undefined;
    });
    return found!;
  },
};
