// A local fake of the Telegram Bot API (https://core.telegram.org/bots/api) for tests, e2e and
// benchmarks: one node:http server answers POST|GET /bot<token>/<method> with the Bot API's envelope
// ({ok, result} or {ok: false, error_code, description, parameters?}) and HTTP status. It keeps the
// chats a user would see: sendMessage, edits, callback answers, getUpdates long polling (offsets,
// 409 for a second poller or while a webhook is set) and webhooks (with the secret header). Tests
// play the user (sendStart, pressButton, block), inject 429s and read a request log, in process or
// over HTTP (POST /__fake/start, /__fake/press, /__fake/block, …; GET /__fake/sent, /__fake/requests).
// CLI: node scripts/fake-telegram-bot-api.mjs --port 8081 [--host 127.0.0.1] [--token 1:T] [--username bot]
import { randomInt } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { controlInput, createWaiters, json, listen, readBody } from './fake-http.mjs';

/** Values sent as strings (query, form) that the Bot API reads as JSON, integers or booleans. */
const JSON_FIELDS = new Set([
  'reply_markup',
  'allowed_updates',
  'entities',
  'link_preview_options',
  'reply_parameters',
  'commands',
  'scope',
]);
const INT_FIELDS = new Set(['message_id', 'offset', 'limit', 'timeout', 'cache_time', 'max_connections']);
const BOOL_FIELDS = new Set([
  'show_alert',
  'drop_pending_updates',
  'disable_notification',
  'protect_content',
  'disable_web_page_preview',
  'allow_sending_without_reply',
]);
/** The update types delivered when allowed_updates is empty or was never given. */
const NOT_BY_DEFAULT = new Set(['chat_member', 'message_reaction', 'message_reaction_count']);
const HTML_TAGS = new Set([
  ...['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'span', 'tg-spoiler'],
  ...['a', 'tg-emoji', 'code', 'pre', 'blockquote'],
]);
const MAX_TEXT = 4096;
const MAX_CALLBACK_DATA_BYTES = 64;
const FIRST_UPDATE_ID = 10_000;
const CONFLICT_WEBHOOK =
  "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";
const CONFLICT_POLLER =
  'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running';
const QUERY_INVALID = 'Bad Request: query is too old and response timeout expired or query ID is invalid';
const NOT_MODIFIED =
  'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

/**
 * @typedef {{ id: number, first_name?: string, last_name?: string, username?: string, title?: string,
 *   type?: 'private' | 'group' | 'supergroup' | 'channel' }} FakeChat
 *   The user's side of a chat. A bare number is accepted wherever a chat is.
 * @typedef {{ method: string, params: Record<string, any>, at: number, status?: number,
 *   via?: 'http' | 'webhook-reply' }} BotRequest
 *   Every call in arrival order; `status` is the HTTP status it was answered with (unset while held).
 * @typedef {{ chat_id: number, text: string, parse_mode: string | null, reply_markup: any,
 *   message_id: number, at: number }} SentMessage
 * @typedef {{ update: Record<string, any>, via: 'getUpdates' | 'webhook' | 'dropped',
 *   status: number | null, error?: string }} PushResult
 *   `via` 'getUpdates': queued for the poller; 'webhook': POSTed, `status` is the webhook's answer
 *   (null and `error` when it could not be reached; a failed update stays pending as in Telegram);
 *   'dropped': its type is not in allowed_updates.
 */

/**
 * Starts the fake Bot API. Any integer chat_id is a chat; `now` (ms) stamps dates.
 * @param {{ port?: number, host?: string, token?: string, username?: string, firstName?: string,
 *   now?: () => number, webhookTimeoutMs?: number }} [options]
 * @returns {Promise<{ url: string, token: string, username: string, botId: number,
 *   requests: () => BotRequest[], sent: () => SentMessage[], edits: () => any[], callbackAnswers: () => any[],
 *   pending: () => any[], webhook: () => { url: string, secret_token: string | null, allowed_updates: string[] | null } | null,
 *   pushUpdate: (update: Record<string, any>) => Promise<PushResult>,
 *   sendStart: (chat: FakeChat | number, text?: string) => Promise<PushResult>,
 *   pressButton: (chat: FakeChat | number, message: { message_id: number } | number, data: string) => Promise<PushResult>,
 *   block: (chatId: number, options?: { notify?: boolean }) => Promise<PushResult | null>,
 *   unblock: (chatId: number, options?: { notify?: boolean }) => Promise<PushResult | null>,
 *   rateLimitNext: (n: number, retryAfterSeconds: number) => void, reset: () => void,
 *   waitFor: (predicate: (request: BotRequest) => boolean, timeoutMs?: number) => Promise<BotRequest>,
 *   stop: () => Promise<void> }>}
 */
export async function startFakeBotApi({
  port = 0,
  host = '127.0.0.1',
  token = '123456:TEST-TOKEN',
  username = 'kort_test_bot',
  firstName = 'Корт',
  now = Date.now,
  webhookTimeoutMs = 10_000,
} = {}) {
  if (!/^\d+:[\w-]+$/.test(token)) throw new TypeError('token must look like <bot id>:<secret>');
  const botId = Number(token.slice(0, token.indexOf(':')));
  const me = { id: botId, is_bot: true, first_name: firstName, username };
  const unixNow = () => Math.floor(now() / 1000);

  let state = freshState();
  let nextUpdateId = FIRST_UPDATE_ID;
  let callbackSeq = 0;
  /** @type {{ res: http.ServerResponse, entry: BotRequest, limit: number, timer: NodeJS.Timeout } | null} */
  let poller = null;
  const waiters = createWaiters();

  function freshState() {
    return {
      /** @type {BotRequest[]} */ log: [],
      /** @type {SentMessage[]} */ sent: [],
      edits: [],
      answers: [],
      /** Updates not yet confirmed by an offset. */ queue: [],
      blocked: new Set(),
      rateLimit: { left: 0, retryAfter: 0 },
      /** @type {any} */ webhook: null,
      /** @type {string[] | null} */ allowedUpdates: null,
      /** chat id → message id → Message (the bot's messages). */ messages: new Map(),
      /** chat id → last message id in that chat. */ counters: new Map(),
      /** chat id → Chat as the user's updates showed it. */ chats: new Map(),
      chatInstances: new Map(),
      openQueries: new Set(),
      commands: [],
    };
  }

  // ----- the log and waitFor -----

  const record = (method, params, via) => {
    /** @type {BotRequest} */
    const entry = { method, params, at: now() };
    if (via !== 'http') entry.via = via;
    state.log.push(entry);
    return entry;
  };

  /** Resolves with the first recorded request (existing, then arriving) that matches. */
  const waitFor = (predicate, timeoutMs = 5000) =>
    waiters.waitIn(state.log, predicate, timeoutMs, () => {
      const seen = state.log.map((entry) => entry.method);
      const tail = seen.length > 20 ? ['…', ...seen.slice(-20)] : seen;
      return `fake Bot API: no request matched within ${timeoutMs} ms (${seen.length} requests: ${tail.join(', ') || 'none'})`;
    });

  // ----- chats, messages, updates -----

  const chatOf = (chat) => {
    const input = typeof chat === 'number' || typeof chat === 'string' ? { id: Number(chat) } : chat;
    if (!input || !Number.isSafeInteger(Number(input.id))) throw new TypeError('a chat needs an integer id');
    const id = Number(input.id);
    const known = state.chats.get(id);
    const type = input.type ?? known?.type ?? (id < 0 ? 'group' : 'private');
    const firstName = input.first_name ?? known?.first_name ?? 'Игрок';
    const usernameOf = input.username ?? known?.username;
    const value =
      type === 'private'
        ? { id, first_name: firstName, ...(input.last_name && { last_name: input.last_name }), type }
        : { id, title: input.title ?? known?.title ?? 'Чат', type };
    if (type === 'private' && usernameOf) value.username = usernameOf;
    state.chats.set(id, { ...value, first_name: firstName, ...(usernameOf && { username: usernameOf }) });
    const user = { id: type === 'private' ? id : Math.abs(id), is_bot: false, first_name: firstName };
    if (input.last_name) user.last_name = input.last_name;
    if (usernameOf) user.username = usernameOf;
    user.language_code = 'ru';
    return { chat: value, user };
  };

  const knownChat = (id) => {
    const known = state.chats.get(id);
    if (!known) return { id, type: 'private' };
    if (known.type !== 'private') return { id, title: known.title, type: known.type };
    return { id, first_name: known.first_name, ...(known.username && { username: known.username }), type: 'private' };
  };

  const nextMessageId = (chatId) => {
    const id = (state.counters.get(chatId) ?? 0) + 1;
    state.counters.set(chatId, id);
    return id;
  };

  const updateType = (update) => Object.keys(update).find((key) => key !== 'update_id') ?? 'unknown';
  const isAllowed = (type) =>
    state.allowedUpdates && state.allowedUpdates.length > 0
      ? state.allowedUpdates.includes(type)
      : !NOT_BY_DEFAULT.has(type);

  /** Queues an update for getUpdates, or POSTs it to the webhook when one is set. */
  const pushUpdate = async (update) => {
    if (!update || typeof update !== 'object') throw new TypeError('pushUpdate: an update object is needed');
    const value = structuredClone(update);
    if (value.update_id === undefined) value.update_id = nextUpdateId++;
    else nextUpdateId = Math.max(nextUpdateId, Number(value.update_id) + 1);
    if (value.callback_query?.id !== undefined) state.openQueries.add(String(value.callback_query.id));
    if (!isAllowed(updateType(value))) return { update: value, via: 'dropped', status: null };
    if (state.webhook) return deliverToWebhook(value);
    state.queue.push(value);
    servePoller();
    return { update: value, via: 'getUpdates', status: null };
  };

  const sendStart = (chat, text = '/start') => {
    const { chat: chatValue, user } = chatOf(chat);
    const message = { message_id: nextMessageId(chatValue.id), from: user, chat: chatValue, date: unixNow(), text };
    if (text.startsWith('/')) {
      message.entities = [{ type: 'bot_command', offset: 0, length: text.split(/\s/, 1)[0].length }];
    }
    // A user who blocked the bot unblocks it by starting it again ("Restart").
    const unblocking = state.blocked.has(chatValue.id) ? unblock(chatValue.id) : Promise.resolve(null);
    return unblocking.then(() => pushUpdate({ message }));
  };

  const pressButton = async (chat, message, data) => {
    const { chat: chatValue, user } = chatOf(chat);
    const messageId = typeof message === 'number' ? message : Number(message?.message_id);
    const stored = state.messages.get(chatValue.id)?.get(messageId);
    if (!stored) throw new Error(`pressButton: the bot has no message ${messageId} in chat ${chatValue.id}`);
    const buttons = (stored.reply_markup?.inline_keyboard ?? []).flat();
    if (!buttons.some((button) => button.callback_data === data)) {
      const offered = buttons.map((button) => button.callback_data).filter((value) => value !== undefined);
      throw new Error(
        `pressButton: message ${messageId} has no button with callback_data ${JSON.stringify(data)} (it has ${JSON.stringify(offered)})`,
      );
    }
    if (!state.chatInstances.has(chatValue.id)) state.chatInstances.set(chatValue.id, String(randomInt(1, 2 ** 47)));
    callbackSeq += 1;
    const callbackQuery = {
      id: `${randomInt(1, 2 ** 31)}${String(callbackSeq).padStart(6, '0')}`,
      from: user,
      message: structuredClone(stored),
      chat_instance: state.chatInstances.get(chatValue.id),
      data,
    };
    return pushUpdate({ callback_query: callbackQuery });
  };

  const memberUpdate = (chatId, from, to) => {
    const { chat, user } = chatOf(chatId);
    return {
      my_chat_member: {
        chat,
        from: user,
        date: unixNow(),
        old_chat_member: { user: me, status: from, ...(from === 'kicked' && { until_date: 0 }) },
        new_chat_member: { user: me, status: to, ...(to === 'kicked' && { until_date: 0 }) },
      },
    };
  };

  /** The user blocks the bot: sendMessage and edits to the chat answer 403; Telegram sends my_chat_member. */
  const block = (chatId, { notify: tell = true } = {}) => {
    const id = Number(chatId);
    if (!Number.isSafeInteger(id)) throw new TypeError('block: chat_id must be an integer');
    if (state.blocked.has(id)) return Promise.resolve(null);
    state.blocked.add(id);
    return tell ? pushUpdate(memberUpdate(id, 'member', 'kicked')) : Promise.resolve(null);
  };

  const unblock = (chatId, { notify: tell = true } = {}) => {
    const id = Number(chatId);
    if (!state.blocked.delete(id)) return Promise.resolve(null);
    return tell ? pushUpdate(memberUpdate(id, 'kicked', 'member')) : Promise.resolve(null);
  };

  const rateLimitNext = (n, retryAfterSeconds) => {
    if (!Number.isInteger(n) || n < 0) throw new TypeError('rateLimitNext: n must be a non-negative integer');
    if (!Number.isInteger(retryAfterSeconds) || retryAfterSeconds < 1) {
      throw new TypeError('rateLimitNext: retryAfterSeconds must be a positive integer');
    }
    state.rateLimit = { left: n, retryAfter: retryAfterSeconds };
  };

  // ----- webhook -----

  const deliverToWebhook = async (update) => {
    const hook = state.webhook;
    const headers = { 'content-type': 'application/json' };
    if (hook.secret_token) headers['x-telegram-bot-api-secret-token'] = hook.secret_token;
    const failed = (message) => {
      hook.last_error_date = unixNow();
      hook.last_error_message = message;
      state.queue.push(update);
    };
    let reply;
    try {
      reply = await postJson(hook.url, update, headers, webhookTimeoutMs);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failed(message);
      return { update, via: 'webhook', status: null, error: message };
    }
    if (reply.status < 200 || reply.status > 299) {
      failed(`Wrong response from the webhook: ${reply.status} ${http.STATUS_CODES[reply.status] ?? ''}`.trim());
      return { update, via: 'webhook', status: reply.status };
    }
    // A webhook may answer with one method call in its body (the Bot API's "webhook reply").
    if (/json/i.test(reply.contentType)) {
      let call;
      try {
        call = JSON.parse(reply.body);
      } catch {
        call = undefined;
      }
      if (call && typeof call.method === 'string') {
        const { method, ...params } = call;
        const entry = record(METHOD_NAMES.get(method.toLowerCase()) ?? method, normalize(params), 'webhook-reply');
        entry.status = call.method.toLowerCase() === 'getupdates' ? 400 : dispatch(entry).status;
        waiters.notify(entry);
      }
    }
    return { update, via: 'webhook', status: reply.status };
  };

  // ----- methods -----

  const ok = (result, description) => ({
    status: 200,
    body: { ok: true, result, ...(description && { description }) },
  });
  const fail = (code, description, parameters) => ({
    status: code,
    body: { ok: false, error_code: code, description, ...(parameters && { parameters }) },
  });

  /** The chat a method writes to, or the error reply. */
  const targetChat = (params) => {
    const raw = params.chat_id;
    if (raw === undefined || raw === null || raw === '') return { error: fail(400, 'Bad Request: chat_id is empty') };
    const id = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
    if (!Number.isSafeInteger(id)) return { error: fail(400, 'Bad Request: chat not found') };
    if (state.blocked.has(id)) return { error: fail(403, 'Forbidden: bot was blocked by the user') };
    return { id };
  };

  /** The text as the user sees it, or the error reply (parse_mode HTML is checked like Telegram). */
  const messageText = (params) => {
    const { text } = params;
    if (typeof text !== 'string' || text.trim() === '')
      return { error: fail(400, 'Bad Request: message text is empty') };
    const mode = typeof params.parse_mode === 'string' ? params.parse_mode.toLowerCase() : '';
    let plain = text;
    if (mode === 'html') {
      const parsed = parseHtml(text);
      if (parsed.error) return { error: fail(400, `Bad Request: can't parse entities: ${parsed.error}`) };
      plain = parsed.text;
    } else if (mode === 'markdownv2') {
      const problem = checkMarkdownV2(text);
      if (problem) return { error: fail(400, `Bad Request: can't parse entities: ${problem}`) };
    } else if (mode !== '' && mode !== 'markdown') {
      return { error: fail(400, 'Bad Request: unsupported parse_mode') };
    }
    if (plain.trim() === '') return { error: fail(400, 'Bad Request: message text is empty') };
    if (plain.length > MAX_TEXT) return { error: fail(400, 'Bad Request: message is too long') };
    return { text: plain };
  };

  /** The inline keyboard a message keeps (null for none), or the error reply. */
  const markupOf = (raw) => {
    if (raw === undefined || raw === null) return { inline: null };
    let markup = raw;
    if (typeof markup === 'string') {
      try {
        markup = JSON.parse(markup);
      } catch {
        markup = undefined;
      }
    }
    if (!markup || typeof markup !== 'object' || Array.isArray(markup)) {
      return { error: fail(400, "Bad Request: can't parse reply keyboard markup JSON object") };
    }
    if (markup.inline_keyboard === undefined) return { inline: null };
    const rows = markup.inline_keyboard;
    if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
      return {
        error: fail(
          400,
          'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays',
        ),
      };
    }
    for (const button of rows.flat()) {
      if (!button || typeof button.text !== 'string' || button.text === '') {
        return { error: fail(400, 'Bad Request: BUTTON_TEXT_INVALID') };
      }
      const kinds = ['callback_data', 'url', 'web_app', 'login_url', 'switch_inline_query', 'copy_text', 'pay'];
      if (!kinds.some((kind) => button[kind] !== undefined)) {
        return { error: fail(400, 'Bad Request: text buttons are unallowed in the inline keyboard') };
      }
      if (button.callback_data !== undefined) {
        const size = typeof button.callback_data === 'string' ? Buffer.byteLength(button.callback_data) : 0;
        if (size < 1 || size > MAX_CALLBACK_DATA_BYTES) return { error: fail(400, 'Bad Request: BUTTON_DATA_INVALID') };
      }
    }
    return { inline: { inline_keyboard: rows } };
  };

  const storedMessage = (chatId, messageId) => state.messages.get(chatId)?.get(Number(messageId));

  const sendMessage = (params, entry) => {
    if (state.rateLimit.left > 0) {
      state.rateLimit.left -= 1;
      const after = state.rateLimit.retryAfter;
      return fail(429, `Too Many Requests: retry after ${after}`, { retry_after: after });
    }
    const target = targetChat(params);
    if (target.error) return target.error;
    const text = messageText(params);
    if (text.error) return text.error;
    const markup = markupOf(params.reply_markup);
    if (markup.error) return markup.error;
    const message = { message_id: nextMessageId(target.id), from: me, chat: knownChat(target.id), date: unixNow() };
    message.text = text.text;
    if (markup.inline) message.reply_markup = markup.inline;
    if (!state.messages.has(target.id)) state.messages.set(target.id, new Map());
    state.messages.get(target.id).set(message.message_id, message);
    state.sent.push({
      chat_id: target.id,
      text: params.text,
      parse_mode: params.parse_mode ?? null,
      reply_markup: params.reply_markup ?? null,
      message_id: message.message_id,
      at: entry.at,
    });
    return ok(structuredClone(message));
  };

  const editMessage = (method, params, entry) => {
    if (params.inline_message_id !== undefined) {
      state.edits.push({ method, inline_message_id: params.inline_message_id, params, at: entry.at });
      return ok(true);
    }
    const target = targetChat(params);
    if (target.error) return target.error;
    const message = storedMessage(target.id, params.message_id);
    if (!message) return fail(400, 'Bad Request: message to edit not found');
    let text = message.text;
    if (method === 'editMessageText') {
      const parsed = messageText(params);
      if (parsed.error) return parsed.error;
      text = parsed.text;
    }
    // Omitting reply_markup in either edit removes the inline keyboard, as in Telegram.
    const markup = markupOf(params.reply_markup);
    if (markup.error) return markup.error;
    const same = JSON.stringify(markup.inline ?? null) === JSON.stringify(message.reply_markup ?? null);
    if (text === message.text && same) return fail(400, NOT_MODIFIED);
    message.text = text;
    if (markup.inline) message.reply_markup = markup.inline;
    else delete message.reply_markup;
    message.edit_date = unixNow();
    state.edits.push({
      method,
      chat_id: target.id,
      message_id: message.message_id,
      text: method === 'editMessageText' ? params.text : undefined,
      reply_markup: params.reply_markup ?? null,
      at: entry.at,
    });
    return ok(structuredClone(message));
  };

  const answerCallbackQuery = (params, entry) => {
    const id = params.callback_query_id === undefined ? '' : String(params.callback_query_id);
    if (!state.openQueries.delete(id)) return fail(400, QUERY_INVALID);
    if (typeof params.text === 'string' && params.text.length > 200) return fail(400, 'Bad Request: MESSAGE_TOO_LONG');
    state.answers.push({
      callback_query_id: id,
      text: params.text ?? null,
      show_alert: params.show_alert === true,
      url: params.url ?? null,
      cache_time: params.cache_time ?? 0,
      at: entry.at,
    });
    return ok(true);
  };

  const setWebhook = (params) => {
    const url = params.url ?? '';
    if (url === '') return deleteWebhook(params);
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      return fail(400, 'Bad Request: bad webhook: Failed to resolve host: Name or service not known');
    }
    // Telegram wants HTTPS on 443, 80, 88 or 8443; the fake also takes http:// for local tests.
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      return fail(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
    }
    const secret = params.secret_token;
    if (secret !== undefined && (typeof secret !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(secret))) {
      return fail(400, 'Bad Request: secret token contains unallowed characters');
    }
    if (Array.isArray(params.allowed_updates)) state.allowedUpdates = params.allowed_updates;
    if (params.drop_pending_updates === true) state.queue = [];
    state.webhook = {
      url,
      secret_token: secret ?? null,
      max_connections: params.max_connections ?? 40,
      allowed_updates: Array.isArray(params.allowed_updates) ? params.allowed_updates : null,
    };
    if (poller) finishPoll(fail(409, CONFLICT_WEBHOOK));
    return ok(true, 'Webhook was set');
  };

  const deleteWebhook = (params) => {
    const had = state.webhook !== null;
    state.webhook = null;
    if (params.drop_pending_updates === true) state.queue = [];
    return ok(true, had ? 'Webhook was deleted' : 'Webhook is already deleted');
  };

  const getWebhookInfo = () => {
    const hook = state.webhook;
    const info = { url: hook?.url ?? '', has_custom_certificate: false, pending_update_count: state.queue.length };
    if (hook?.last_error_date) {
      info.last_error_date = hook.last_error_date;
      info.last_error_message = hook.last_error_message;
    }
    if (hook) info.max_connections = hook.max_connections;
    if (hook?.allowed_updates) info.allowed_updates = hook.allowed_updates;
    return ok(info);
  };

  const finishPoll = (reply) => {
    if (!poller) return;
    const { res, entry, timer } = poller;
    poller = null;
    clearTimeout(timer);
    entry.status = reply.status;
    if (!res.writableEnded && !res.destroyed) json(res, reply.status, reply.body);
  };

  /** Answers the held getUpdates as soon as something is deliverable. */
  const servePoller = () => {
    if (poller && state.queue.length > 0) finishPoll(ok(structuredClone(state.queue.slice(0, poller.limit))));
  };

  /** getUpdates: a reply, or null when the request is held (long polling). */
  const getUpdates = (params, entry, res) => {
    if (state.webhook) return fail(409, CONFLICT_WEBHOOK);
    const offset = Number(params.offset ?? 0);
    const limit = Math.min(100, Math.max(1, Number(params.limit ?? 100) || 100));
    const timeout = Math.max(0, Number(params.timeout ?? 0) || 0);
    if (!Number.isInteger(offset)) return fail(400, 'Bad Request: wrong parameter offset');
    if (Array.isArray(params.allowed_updates)) state.allowedUpdates = params.allowed_updates;
    // An update is confirmed once getUpdates is called with a higher offset; a negative offset keeps the last -offset.
    if (offset > 0) state.queue = state.queue.filter((update) => update.update_id >= offset);
    else if (offset < 0) state.queue = state.queue.slice(offset);
    if (poller) finishPoll(fail(409, CONFLICT_POLLER));
    if (state.queue.length > 0 || timeout === 0 || !res) return ok(structuredClone(state.queue.slice(0, limit)));
    const timer = setTimeout(() => finishPoll(ok([])), timeout * 1000);
    poller = { res, entry, limit, timer };
    // A client that gives up (abort, socket closed) leaves the updates queued for its next call.
    res.on('close', () => {
      if (poller?.res === res) {
        clearTimeout(poller.timer);
        poller = null;
      }
    });
    return null;
  };

  const METHODS = {
    getMe: () =>
      ok({ ...me, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false }),
    sendMessage,
    editMessageText: (params, entry) => editMessage('editMessageText', params, entry),
    editMessageReplyMarkup: (params, entry) => editMessage('editMessageReplyMarkup', params, entry),
    answerCallbackQuery,
    setWebhook,
    deleteWebhook,
    getWebhookInfo,
    getUpdates,
    deleteMessage: (params) => {
      const target = targetChat(params);
      if (target.error) return target.error;
      if (!state.messages.get(target.id)?.delete(Number(params.message_id))) {
        return fail(400, 'Bad Request: message to delete not found');
      }
      return ok(true);
    },
    sendChatAction: (params) => {
      const target = targetChat(params);
      return target.error ?? ok(true);
    },
    setMyCommands: (params) => {
      if (!Array.isArray(params.commands)) return fail(400, 'Bad Request: commands must be an array');
      state.commands = params.commands;
      return ok(true);
    },
    getMyCommands: () => ok(structuredClone(state.commands)),
    deleteMyCommands: () => {
      state.commands = [];
      return ok(true);
    },
  };
  /** Bot API method names are case-insensitive. */
  const METHOD_NAMES = new Map(Object.keys(METHODS).map((name) => [name.toLowerCase(), name]));

  /** Runs a recorded call; null while a getUpdates is held. */
  const dispatch = (entry, res) => {
    if (!Object.hasOwn(METHODS, entry.method)) return fail(404, 'Not Found');
    return METHODS[entry.method](entry.params, entry, res);
  };

  // ----- test control over HTTP -----

  const control = async (req, res, action, body) => {
    if (req.method === 'GET') {
      const views = {
        sent: () => state.sent,
        requests: () => state.log,
        edits: () => state.edits,
        'callback-answers': () => state.answers,
        pending: () => state.queue,
        webhook: () => webhookView(),
      };
      if (!Object.hasOwn(views, action)) return json(res, 404, { error: 'not_found' });
      return json(res, 200, views[action]());
    }
    const input = controlInput(req, res, body);
    if (input === undefined) return;
    try {
      const actions = {
        start: () => sendStart(input.chat, input.text ?? '/start'),
        press: () => pressButton(input.chat, Number(input.message_id), input.data),
        block: () => block(input.chat_id, { notify: input.notify !== false }),
        unblock: () => unblock(input.chat_id, { notify: input.notify !== false }),
        update: () => pushUpdate(input.update ?? input),
        'rate-limit': () => rateLimitNext(input.n, input.retry_after),
        reset: () => reset(),
      };
      if (!Object.hasOwn(actions, action)) return json(res, 404, { error: 'not_found' });
      const result = await actions[action]();
      json(res, 200, result ?? { ok: true });
    } catch (error) {
      json(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  };

  const webhookView = () =>
    state.webhook
      ? {
          url: state.webhook.url,
          secret_token: state.webhook.secret_token,
          allowed_updates: state.webhook.allowed_updates,
        }
      : null;

  // ----- routing -----

  const route = async (req, res) => {
    const requestUrl = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    if (requestUrl.pathname.startsWith('/__fake/')) {
      return control(req, res, requestUrl.pathname.slice('/__fake/'.length).replace(/\/+$/, ''), body);
    }
    const found = /^\/bot([^/]*)\/([^/]*)$/.exec(requestUrl.pathname);
    if (!found || (req.method !== 'GET' && req.method !== 'POST')) {
      return json(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    }
    if (found[1] !== token) return json(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    let params = Object.fromEntries(requestUrl.searchParams);
    let fromStrings = true;
    if (body.length > 0 && type.startsWith('application/json')) {
      let parsed;
      try {
        parsed = JSON.parse(body);
      } catch {
        return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON object" });
      }
      params = { ...normalize(params), ...parsed };
      fromStrings = false;
    } else if (body.length > 0 && type.startsWith('application/x-www-form-urlencoded')) {
      params = { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
    } else if (type.startsWith('multipart/form-data')) {
      const description = 'Bad Request: the fake Bot API does not read multipart/form-data (file uploads)';
      return json(res, 400, { ok: false, error_code: 400, description });
    }
    const method = METHOD_NAMES.get(found[2].toLowerCase()) ?? found[2];
    const entry = record(method, fromStrings ? normalize(params) : params, 'http');
    const reply = dispatch(entry, res);
    if (reply) {
      entry.status = reply.status;
      json(res, reply.status, reply.body);
    }
    waiters.notify(entry);
  };

  const server = http.createServer((req, res) => {
    route(req, res).catch((error) => {
      if (!res.headersSent) {
        const description = `fake Bot API crashed: ${error instanceof Error ? error.stack : String(error)}`;
        json(res, 500, { ok: false, error_code: 500, description });
      } else res.destroy();
    });
  });
  const listening = await listen(server, { port, host });
  const url = `http://${listening.authority}`;

  /** Forgets everything (chats, log, webhook, blocks); update ids keep growing so a poller's offset stays valid. */
  function reset() {
    finishPoll(ok([]));
    state = freshState();
  }

  const stop = async () => {
    if (poller) {
      clearTimeout(poller.timer);
      poller.res.destroy();
      poller = null;
    }
    waiters.rejectAll(new Error('fake Bot API stopped'));
    await listening.close();
  };

  return {
    url,
    token,
    username,
    botId,
    requests: () => structuredClone(state.log),
    sent: () => structuredClone(state.sent),
    edits: () => structuredClone(state.edits),
    callbackAnswers: () => structuredClone(state.answers),
    pending: () => structuredClone(state.queue),
    webhook: webhookView,
    pushUpdate,
    sendStart,
    pressButton,
    block,
    unblock,
    rateLimitNext,
    reset,
    waitFor,
    stop,
  };
}

/** Query and form values are strings: read them the way the Bot API does. */
function normalize(params) {
  const out = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string') out[key] = value;
    else if (key === 'chat_id' && /^-?\d+$/.test(value)) out[key] = Number(value);
    else if (INT_FIELDS.has(key) && /^-?\d+$/.test(value)) out[key] = Number(value);
    else if (BOOL_FIELDS.has(key) && (value === 'true' || value === 'false')) out[key] = value === 'true';
    else if (JSON_FIELDS.has(key)) {
      try {
        out[key] = JSON.parse(value);
      } catch {
        out[key] = value;
      }
    } else out[key] = value;
  }
  return out;
}

/**
 * Telegram's HTML parse mode: the supported tags, balanced, and &lt; &gt; &amp; &quot; / numeric
 * entities. Returns the plain text the user sees, or the reason Telegram gives.
 * @param {string} source
 * @returns {{ text: string, error?: undefined } | { error: string }}
 */
export function parseHtml(source) {
  const tag = /<(\/?)\s*([A-Za-z][\w-]*)((?:\s+[A-Za-z-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*>/y;
  const entity = /&(lt|gt|amp|quot|#\d+|#x[0-9A-Fa-f]+);/y;
  const names = { lt: '<', gt: '>', amp: '&', quot: '"' };
  const offset = (index) => Buffer.byteLength(source.slice(0, index));
  const stack = [];
  let text = '';
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (char === '<') {
      tag.lastIndex = i;
      const match = tag.exec(source);
      if (!match) {
        const name = /^<\/?([^\s>]*)/.exec(source.slice(i))?.[1] ?? '';
        return { error: `Unsupported start tag "${name}" at byte offset ${offset(i)}` };
      }
      const name = match[2].toLowerCase();
      if (match[1]) {
        if (stack.length === 0) return { error: `Unexpected end tag at byte offset ${offset(i)}` };
        const open = stack.pop();
        if (open !== name) {
          return { error: `Unmatched end tag at byte offset ${offset(i)}, expected "</${open}>", found "</${name}>"` };
        }
      } else {
        const spoilerSpan = name !== 'span' || /class\s*=\s*["']?tg-spoiler/.test(match[3]);
        if (!HTML_TAGS.has(name) || !spoilerSpan) {
          return { error: `Unsupported start tag "${name}" at byte offset ${offset(i)}` };
        }
        if (name === 'a' && !/href\s*=/.test(match[3])) {
          return { error: `Can't find href attribute of the tag "a" at byte offset ${offset(i)}` };
        }
        stack.push(name);
      }
      i += match[0].length;
      continue;
    }
    if (char === '&') {
      entity.lastIndex = i;
      const match = entity.exec(source);
      if (match) {
        const name = match[1];
        text += name.startsWith('#x')
          ? String.fromCodePoint(parseInt(name.slice(2), 16))
          : name.startsWith('#')
            ? String.fromCodePoint(Number(name.slice(1)))
            : names[name];
        i += match[0].length;
        continue;
      }
    }
    text += char;
    i += 1;
  }
  if (stack.length > 0) return { error: `Can't find end tag corresponding to start tag "${stack.at(-1)}"` };
  return { text };
}

/**
 * A partial check of MarkdownV2: the characters that are never markup (. ! - = + # { } and ( )
 * outside a link's URL) must be escaped outside code, as Telegram demands. Returns the reason or null.
 * @param {string} source
 */
export function checkMarkdownV2(source) {
  let code = false;
  let pre = false;
  let linkUrl = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') {
      i += 1;
      continue;
    }
    if (source.startsWith('```', i) && !code) {
      pre = !pre;
      i += 2;
      continue;
    }
    if (pre) continue;
    if (char === '`') {
      code = !code;
      continue;
    }
    if (code) continue;
    if (linkUrl) {
      if (char === ')') linkUrl = false;
      continue;
    }
    if (char === ']' && source[i + 1] === '(') {
      linkUrl = true;
      i += 1;
      continue;
    }
    const quote = char === '>' && i > 0 && source[i - 1] !== '\n';
    if ('.!-=+#{}()'.includes(char) || quote) {
      return `Character '${char}' is reserved and must be escaped with the preceding '\\'`;
    }
  }
  return null;
}

/** POSTs JSON to a webhook (http or https) and reads the answer. */
function postJson(target, value, headers, timeoutMs) {
  return new Promise((resolve, reject) => {
    const body = Buffer.from(JSON.stringify(value));
    const parsed = new URL(target);
    const client = parsed.protocol === 'https:' ? https : http;
    const req = client.request(
      parsed,
      { method: 'POST', headers: { ...headers, 'content-length': body.length }, timeout: timeoutMs },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? '',
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`Read timeout expired (${timeoutMs} ms)`)));
    req.on('error', reject);
    req.end(body);
  });
}

if (process.argv[1] && resolvePath(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8081' },
      host: { type: 'string', default: '127.0.0.1' },
      token: { type: 'string' },
      username: { type: 'string' },
    },
  });
  const fake = await startFakeBotApi({
    port: Number(values.port),
    host: values.host,
    ...(values.token && { token: values.token }),
    ...(values.username && { username: values.username }),
  });
  console.log(`Fake Telegram Bot API on ${fake.url} (token ${fake.token}, @${fake.username})`);
  console.log(`  grammY: new Bot('${fake.token}', { client: { apiRoot: '${fake.url}' } })`);
  console.log(
    `  control: POST ${fake.url}/__fake/start {"chat":{"id":1001},"text":"/start"}; GET ${fake.url}/__fake/sent`,
  );
  const shutdown = () => void fake.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
