// The fake Telegram Bot API itself: `node --test scripts/fake-telegram-bot-api.test.mjs`.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, beforeEach, test } from 'node:test';
import { startFakeBotApi } from './fake-telegram-bot-api.mjs';

let fake;
before(async () => {
  fake = await startFakeBotApi();
});
beforeEach(() => fake.reset());
after(() => fake.stop());

/** Calls a method with a JSON body (as grammY does) and returns the HTTP status and the envelope. */
const call = async (method, params = {}, init = {}) => {
  const res = await fetch(`${fake.url}/bot${fake.token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
    ...init,
  });
  return { status: res.status, body: await res.json() };
};
const control = async (action, body) => {
  const res = await fetch(`${fake.url}/__fake/${action}`, { method: 'POST', body: JSON.stringify(body ?? {}) });
  return { status: res.status, body: await res.json() };
};
const keyboard = (...data) => ({ inline_keyboard: [data.map((value) => ({ text: value, callback_data: value }))] });

test('getMe (GET and POST, case-insensitive), wrong token 401, unknown method 404', async () => {
  const me = await (await fetch(`${fake.url}/bot${fake.token}/getMe`)).json();
  assert.deepEqual(me, {
    ok: true,
    result: {
      id: 123456,
      is_bot: true,
      first_name: 'Корт',
      username: 'kort_test_bot',
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    },
  });
  assert.equal((await call('GETME')).body.result.username, 'kort_test_bot');
  const wrong = await fetch(`${fake.url}/bot123456:WRONG/getMe`);
  assert.deepEqual(
    [wrong.status, await wrong.json()],
    [401, { ok: false, error_code: 401, description: 'Unauthorized' }],
  );
  assert.deepEqual(await call('sendPigeon'), {
    status: 404,
    body: { ok: false, error_code: 404, description: 'Not Found' },
  });
  assert.deepEqual(
    fake.requests().map((r) => [r.method, r.status]),
    [
      ['getMe', 200],
      ['getMe', 200],
      ['sendPigeon', 404],
    ],
  );
});

test('sendMessage: JSON, form and query; message ids per chat; recorded in sent()', async () => {
  const first = await call('sendMessage', { chat_id: 1001, text: 'Привет', reply_markup: keyboard('yes') });
  assert.equal(first.status, 200);
  const { message_id, date, chat, text, reply_markup, from } = first.body.result;
  assert.deepEqual(
    [message_id, chat, text, reply_markup],
    [1, { id: 1001, type: 'private' }, 'Привет', keyboard('yes')],
  );
  assert.equal(from.id, 123456);
  assert.ok(Math.abs(date - Date.now() / 1000) < 5, 'date is unix seconds');
  const form = await fetch(`${fake.url}/bot${fake.token}/sendMessage`, {
    method: 'POST',
    body: new URLSearchParams({ chat_id: '1001', text: 'Второе', reply_markup: JSON.stringify(keyboard('no')) }),
  });
  assert.equal((await form.json()).result.message_id, 2);
  const query = await fetch(`${fake.url}/bot${fake.token}/sendMessage?chat_id=-42&text=group`);
  assert.equal((await query.json()).result.message_id, 1, 'another chat counts from 1');
  assert.deepEqual(
    fake
      .sent()
      .map(({ chat_id, text: sentText, reply_markup: markup, message_id: id }) => [chat_id, sentText, markup, id]),
    [
      [1001, 'Привет', keyboard('yes'), 1],
      [1001, 'Второе', keyboard('no'), 2],
      [-42, 'group', null, 1],
    ],
  );
  assert.equal((await call('sendMessage', { chat_id: 1001, text: '  ' })).status, 400);
  assert.equal((await call('sendMessage', { text: 'no chat' })).body.description, 'Bad Request: chat_id is empty');
  assert.equal(fake.sent().length, 3, 'refused messages are not sent');
});

test('sendMessage checks HTML entities, callback_data size and the text length like Telegram', async () => {
  const html = await call('sendMessage', { chat_id: 1, text: '<b>Корт 3</b> &amp; <i>20:00</i>', parse_mode: 'HTML' });
  assert.equal(html.body.result.text, 'Корт 3 & 20:00', 'the user sees the text without tags');
  const bad = await call('sendMessage', { chat_id: 1, text: 'Иван <Ваня> Петров', parse_mode: 'HTML' });
  assert.deepEqual(
    [bad.status, bad.body.description],
    [400, 'Bad Request: can\'t parse entities: Unsupported start tag "Ваня" at byte offset 9'],
  );
  const unclosed = await call('sendMessage', { chat_id: 1, text: '<b>жирный', parse_mode: 'HTML' });
  assert.match(unclosed.body.description, /Can't find end tag corresponding to start tag "b"/);
  const markdown = await call('sendMessage', { chat_id: 1, text: 'Игра в 20.00', parse_mode: 'MarkdownV2' });
  assert.match(markdown.body.description, /Character '\.' is reserved/);
  const longData = { inline_keyboard: [[{ text: 'x', callback_data: 'й'.repeat(33) }]] };
  const button = await call('sendMessage', { chat_id: 1, text: 'x', reply_markup: longData });
  assert.deepEqual([button.status, button.body.description], [400, 'Bad Request: BUTTON_DATA_INVALID']);
  const long = await call('sendMessage', { chat_id: 1, text: 'я'.repeat(4097) });
  assert.deepEqual([long.status, long.body.description], [400, 'Bad Request: message is too long']);
  assert.equal((await call('sendMessage', { chat_id: 1, text: 'я'.repeat(4096) })).status, 200);
});

test('a blocked chat answers 403 until unblocked; blocking sends my_chat_member', async () => {
  await fake.block(1001);
  const blocked = await call('sendMessage', { chat_id: 1001, text: 'Напоминание' });
  assert.deepEqual(blocked, {
    status: 403,
    body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
  });
  assert.equal((await call('sendMessage', { chat_id: 1002, text: 'другой' })).status, 200);
  assert.deepEqual(
    fake.pending().map((u) => [u.my_chat_member.chat.id, u.my_chat_member.new_chat_member.status]),
    [[1001, 'kicked']],
  );
  await fake.unblock(1001);
  assert.equal((await call('sendMessage', { chat_id: 1001, text: 'снова' })).status, 200);
  await fake.block(1001);
  await fake.sendStart({ id: 1001, first_name: 'Иван' }, '/start');
  assert.equal((await call('sendMessage', { chat_id: 1001, text: 'после /start' })).status, 200, '/start unblocks');
  assert.deepEqual(
    fake.sent().map((m) => m.text),
    ['другой', 'снова', 'после /start'],
  );
});

test('rateLimitNext: the next n sendMessage answer 429 with retry_after', async () => {
  fake.rateLimitNext(2, 7);
  const expected = {
    status: 429,
    body: {
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      parameters: { retry_after: 7 },
    },
  };
  assert.deepEqual(await call('sendMessage', { chat_id: 5, text: 'a' }), expected);
  assert.equal((await call('getMe')).status, 200, 'only sendMessage is limited');
  assert.deepEqual(await call('sendMessage', { chat_id: 5, text: 'b' }), expected);
  assert.equal((await call('sendMessage', { chat_id: 5, text: 'c' })).status, 200);
  assert.deepEqual(
    fake.sent().map((m) => m.text),
    ['c'],
  );
  assert.deepEqual(
    fake
      .requests()
      .filter((r) => r.method === 'sendMessage')
      .map((r) => r.status),
    [429, 429, 200],
  );
});

test('getUpdates: a held long poll is answered by a push; offset confirms; timeout answers []', async () => {
  const poll = call('getUpdates', { timeout: 10 });
  await fake.waitFor((r) => r.method === 'getUpdates');
  const started = Date.now();
  const pushed = await fake.sendStart({ id: 1001, first_name: 'Иван', username: 'ivan' }, '/start link-abc');
  assert.equal(pushed.via, 'getUpdates');
  const { status, body } = await poll;
  assert.ok(Date.now() - started < 2000, 'answered at once, not at the timeout');
  assert.equal(status, 200);
  assert.equal(body.result.length, 1);
  const [update] = body.result;
  assert.equal(update.update_id, pushed.update.update_id);
  assert.deepEqual(update.message.from, {
    id: 1001,
    is_bot: false,
    first_name: 'Иван',
    username: 'ivan',
    language_code: 'ru',
  });
  assert.deepEqual(update.message.chat, { id: 1001, first_name: 'Иван', username: 'ivan', type: 'private' });
  assert.equal(update.message.text, '/start link-abc');
  assert.deepEqual(update.message.entities, [{ type: 'bot_command', offset: 0, length: 6 }]);

  const again = await call('getUpdates', { offset: update.update_id });
  assert.equal(again.body.result.length, 1, 'not confirmed yet');
  await fake.sendStart(1001, 'ещё');
  const confirmed = await call('getUpdates', { offset: update.update_id + 1 });
  assert.deepEqual(
    confirmed.body.result.map((u) => u.message.text),
    ['ещё'],
  );
  assert.equal(confirmed.body.result[0].message.entities, undefined, 'no command, no entities');
  assert.equal(fake.pending().length, 1);

  const empty = await call('getUpdates', { offset: confirmed.body.result[0].update_id + 1, timeout: 1 });
  assert.deepEqual(empty, { status: 200, body: { ok: true, result: [] } });
  assert.equal(fake.pending().length, 0);
});

test('getUpdates: an aborted poll loses no update and the server keeps answering', async () => {
  const controller = new AbortController();
  const poll = call('getUpdates', { timeout: 10 }, { signal: controller.signal });
  await fake.waitFor((r) => r.method === 'getUpdates');
  controller.abort();
  await assert.rejects(poll, { name: 'AbortError' });
  await fake.sendStart(7, '/start');
  const next = await call('getUpdates', { timeout: 10 });
  assert.deepEqual(
    next.body.result.map((u) => u.message.text),
    ['/start'],
  );
});

test(
  'getUpdates: a second poller terminates the first with 409; a webhook forbids polling',
  { timeout: 8000 },
  async () => {
    const first = call('getUpdates', { timeout: 10 });
    await fake.waitFor((r) => r.method === 'getUpdates');
    const second = call('getUpdates', { timeout: 10 });
    assert.deepEqual(await first, {
      status: 409,
      body: {
        ok: false,
        error_code: 409,
        description:
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      },
    });
    const { update } = await fake.sendStart(9, '/start');
    assert.deepEqual((await second).body.result, [update], 'the newer poller gets the update');

    const held = call('getUpdates', { offset: update.update_id + 1, timeout: 10 });
    await fake.waitFor((r) => r.method === 'getUpdates' && r.params.timeout === 10 && r.status === undefined);
    assert.equal((await call('setWebhook', { url: 'http://127.0.0.1:9/hook' })).status, 200);
    const conflict =
      "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";
    assert.deepEqual((await held).body, { ok: false, error_code: 409, description: conflict });
    assert.deepEqual((await call('getUpdates')).body, { ok: false, error_code: 409, description: conflict });
    assert.equal((await call('deleteWebhook')).status, 200);
    assert.equal((await call('getUpdates')).status, 200);
  },
);

test('webhook: updates are POSTed with the secret header; a failure stays pending; webhook replies run', async (t) => {
  const hits = [];
  let answer = (res) => res.end();
  const hook = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      answer(res);
    });
  });
  await new Promise((resolve) => hook.listen(0, '127.0.0.1', () => resolve(undefined)));
  t.after(() => new Promise((resolve) => hook.close(resolve)));
  const hookUrl = `http://127.0.0.1:${hook.address().port}/telegram/webhook`;

  const bad = await call('setWebhook', { url: hookUrl, secret_token: 'not allowed!' });
  assert.deepEqual(
    [bad.status, bad.body.description],
    [400, 'Bad Request: secret token contains unallowed characters'],
  );
  const set = await call('setWebhook', { url: hookUrl, secret_token: 's3cr3t_T0KEN', drop_pending_updates: true });
  assert.deepEqual(set.body, { ok: true, result: true, description: 'Webhook was set' });
  assert.deepEqual(fake.webhook(), { url: hookUrl, secret_token: 's3cr3t_T0KEN', allowed_updates: null });

  const delivered = await fake.sendStart({ id: 1001, first_name: 'Иван' }, '/start tok');
  assert.deepEqual([delivered.via, delivered.status], ['webhook', 200]);
  assert.equal(hits.length, 1);
  assert.equal(hits[0].headers['x-telegram-bot-api-secret-token'], 's3cr3t_T0KEN');
  assert.match(hits[0].headers['content-type'], /^application\/json/);
  assert.equal(hits[0].body.message.text, '/start tok');

  answer = (res) => {
    res.statusCode = 500;
    res.end();
  };
  const failed = await fake.sendStart(1001, 'упало');
  assert.equal(failed.status, 500);
  const info = (await call('getWebhookInfo')).body.result;
  assert.deepEqual(
    [info.url, info.has_custom_certificate, info.pending_update_count, info.last_error_message],
    [hookUrl, false, 1, 'Wrong response from the webhook: 500 Internal Server Error'],
  );

  answer = (res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ method: 'sendMessage', chat_id: 1001, text: 'Ответ из вебхука' }));
  };
  assert.equal((await fake.sendStart(1001, '/help')).status, 200);
  assert.deepEqual(
    fake.sent().map((m) => m.text),
    ['Ответ из вебхука'],
  );
  assert.equal((await fake.waitFor((r) => r.via === 'webhook-reply')).status, 200);

  assert.deepEqual((await call('deleteWebhook')).body.description, 'Webhook was deleted');
  assert.deepEqual(
    (await call('getUpdates')).body.result.map((u) => u.message.text),
    ['упало'],
    'the undelivered update waits for getUpdates',
  );
});

test('pressButton: callback_query with the sent message; answers, edits and their errors', async () => {
  const sent = await call('sendMessage', {
    chat_id: 1001,
    text: 'Освободился корт',
    reply_markup: keyboard('take', 'skip'),
  });
  const message = sent.body.result;
  await assert.rejects(fake.pressButton(1001, message, 'nope'), /no button with callback_data "nope"/);
  await assert.rejects(fake.pressButton(1001, 99, 'take'), /no message 99 in chat 1001/);
  await fake.pressButton({ id: 1001, first_name: 'Иван' }, fake.sent()[0], 'take');
  const [update] = (await call('getUpdates')).body.result;
  const query = update.callback_query;
  assert.equal(query.data, 'take');
  assert.deepEqual(query.message, message);
  assert.equal(query.from.id, 1001);
  assert.equal(typeof query.chat_instance, 'string');

  assert.equal((await call('answerCallbackQuery', { callback_query_id: query.id, text: 'Готово' })).status, 200);
  const twice = await call('answerCallbackQuery', { callback_query_id: query.id });
  assert.equal(twice.status, 400, 'a query is answered once');
  assert.deepEqual(
    fake.callbackAnswers().map((a) => [a.callback_query_id, a.text, a.show_alert]),
    [[query.id, 'Готово', false]],
  );

  const ids = { chat_id: 1001, message_id: message.message_id };
  const edited = await call('editMessageText', { ...ids, text: 'Корт ваш', reply_markup: keyboard('cancel') });
  assert.deepEqual([edited.body.result.text, edited.body.result.reply_markup], ['Корт ваш', keyboard('cancel')]);
  const same = await call('editMessageReplyMarkup', { ...ids, reply_markup: keyboard('cancel') });
  assert.match(same.body.description, /^Bad Request: message is not modified/);
  const removed = await call('editMessageReplyMarkup', ids);
  assert.equal(removed.body.result.reply_markup, undefined);
  await assert.rejects(fake.pressButton(1001, message.message_id, 'cancel'), /has no button/, 'the keyboard is gone');
  const missing = await call('editMessageText', { chat_id: 1001, message_id: 77, text: 'x' });
  assert.deepEqual([missing.status, missing.body.description], [400, 'Bad Request: message to edit not found']);
  assert.deepEqual(
    fake.edits().map((e) => e.method),
    ['editMessageText', 'editMessageReplyMarkup'],
  );
});

test('waitFor resolves on a later request and rejects with the log on timeout', async () => {
  await call('getMe');
  const waiting = fake.waitFor((r) => r.method === 'sendMessage' && r.params.chat_id === 3);
  await call('sendMessage', { chat_id: 2, text: 'not this one' });
  await call('sendMessage', { chat_id: 3, text: 'this one' });
  const found = await waiting;
  assert.deepEqual([found.params.text, found.status], ['this one', 200]);
  await assert.rejects(
    fake.waitFor((r) => r.method === 'setWebhook', 50),
    /no request matched within 50 ms \(3 requests: getMe, sendMessage, sendMessage\)/,
  );
});

test('the control API over HTTP: start, press, block, rate-limit, sent, requests, reset', async () => {
  const start = await control('start', { chat: { id: 555, first_name: 'Оля' }, text: '/start xyz' });
  assert.deepEqual([start.status, start.body.via, start.body.update.message.text], [200, 'getUpdates', '/start xyz']);
  await call('sendMessage', { chat_id: 555, text: 'Выберите', reply_markup: keyboard('a') });
  assert.equal((await control('press', { chat: 555, message_id: 1, data: 'b' })).status, 400);
  const pressed = await control('press', { chat: 555, message_id: 2, data: 'a' });
  assert.equal(pressed.body.update.callback_query.data, 'a', 'message 1 was the user /start');
  assert.equal((await control('block', { chat_id: 555 })).status, 200);
  assert.equal((await call('sendMessage', { chat_id: 555, text: 'x' })).status, 403);
  assert.equal((await control('rate-limit', { n: 1, retry_after: 3 })).status, 200);
  assert.equal((await call('sendMessage', { chat_id: 556, text: 'x' })).status, 429);
  const sent = await (await fetch(`${fake.url}/__fake/sent`)).json();
  assert.deepEqual(
    sent.map((m) => m.text),
    ['Выберите'],
  );
  const requests = await (await fetch(`${fake.url}/__fake/requests`)).json();
  assert.deepEqual(
    requests.map((r) => r.status),
    [200, 403, 429],
  );
  assert.equal((await control('reset')).status, 200);
  assert.deepEqual([fake.requests(), fake.sent(), fake.pending()], [[], [], []]);
  assert.equal((await call('sendMessage', { chat_id: 555, text: 'x' })).status, 200, 'reset unblocks');
});

/** The tests below run when grammy is installed. */
const grammySkip = await import('grammy').then(
  () => false,
  (error) => (error?.code === 'ERR_MODULE_NOT_FOUND' ? 'grammy not installed' : Promise.reject(error)),
);

test(
  'grammY: init, sendMessage, a blocked chat throws GrammyError 403, long polling',
  { skip: grammySkip, timeout: 8000 },
  async (t) => {
    const { Bot, GrammyError } = await import('grammy');
    const bot = new Bot(fake.token, { client: { apiRoot: fake.url } });
    t.after(() => bot.stop());
    await bot.init();
    assert.equal(bot.botInfo.username, 'kort_test_bot');
    await bot.api.sendMessage(1001, '<b>Привет</b>', { parse_mode: 'HTML' });
    assert.deepEqual(
      fake.sent().map((m) => [m.chat_id, m.text, m.parse_mode]),
      [[1001, '<b>Привет</b>', 'HTML']],
    );
    await fake.block(1001);
    await assert.rejects(
      bot.api.sendMessage(1001, 'x'),
      (error) => error instanceof GrammyError && error.error_code === 403,
    );
    await fake.unblock(1001);

    bot.command('start', (ctx) => ctx.reply(`Связано: ${ctx.match}`));
    const polling = bot.start({ timeout: 10 });
    await fake.sendStart(1001, '/start abc');
    await fake.waitFor((r) => r.method === 'sendMessage' && r.params.text === 'Связано: abc');
    await bot.stop();
    await polling;
    assert.equal(fake.pending().length, 0, 'stop() confirmed the handled update');
  },
);

test(
  'grammY: a second poller makes the first bot.start() fail with 409',
  { skip: grammySkip, timeout: 8000 },
  async (t) => {
    const { Bot, GrammyError } = await import('grammy');
    const one = new Bot(fake.token, { client: { apiRoot: fake.url } });
    const two = new Bot(fake.token, { client: { apiRoot: fake.url } });
    t.after(() => Promise.all([one.stop(), two.stop()]));
    const first = one.start({ timeout: 10 });
    await fake.waitFor((r) => r.method === 'getUpdates');
    const second = two.start({ timeout: 10 });
    await assert.rejects(first, (error) => error instanceof GrammyError && error.error_code === 409);
    await fake.waitFor((r) => r.method === 'getUpdates' && r.status === undefined);
    await two.stop();
    await second;
  },
);
