import request from 'supertest';
import { captureLogLines } from '../support/log-lines';
import { freePort } from '../support/processes';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// A flood of calls to the Telegram webhook with a wrong or missing secret: every one is counted in
// /metrics, and the log has the burst's first refusal, then one line a minute with how many more
// (docs/decisions/0077-webhook-refusals-counted.md). Minutes pass on the test clock.
const SECRET = 'kort-webhook-refusals-secret-0123456789';
const lines: string[] = [];
let api: TestApp;

beforeAll(async () => {
  captureLogLines(lines);
  const clock = new TestClock();
  clock.set('2027-07-05T06:00:00Z');
  // The bot's API is a closed port: this replica's setWebhook fails (and retries a minute later), so the
  // fake Bot API that other files share keeps pointing at theirs.
  api = await startTestApp(
    {
      LOG_LEVEL: 'info',
      TELEGRAM_BOT_TOKEN: '123456:REFUSALS-TEST-TOKEN-0123456789',
      TELEGRAM_API_ROOT: `http://127.0.0.1:${await freePort()}`,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
    },
    clock,
  );
});
afterAll(async () => {
  await api.close();
  jest.restoreAllMocks();
});

const update = { update_id: 990_100_001, message: { message_id: 1, date: 1, chat: { id: 1, type: 'private' } } };

/** `n` webhook calls at once, as Telegram (or whoever) sends them: no cookie, no CSRF header. */
async function calls(n: number, secret?: string): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const call = request(api.server).post('/api/telegram/webhook').send(update);
      return secret === undefined ? call : call.set('X-Telegram-Bot-Api-Secret-Token', `${secret}-${i}`);
    }),
  );
  return answers.map((answer) => answer.status);
}

/** The webhook's refusal lines logged so far. */
const refusalLines = () =>
  lines
    .map((line) => JSON.parse(line) as { msg: string; more?: number })
    .filter((line) => line.msg.startsWith('telegram webhook refused'));

async function refusedCount(reason: 'wrong' | 'missing'): Promise<number> {
  const text = (await request(api.server).get('/metrics')).text;
  const found = new RegExp(`^kort_telegram_webhook_refused_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(text);
  return Number(found?.[1] ?? NaN);
}

test('a flood of wrong-secret webhook calls: every one counted, logged as its first refusal and a line a minute', async () => {
  expect(await calls(1, 'wrong-secret')).toEqual([401]);
  expect(await calls(39, 'wrong-secret')).toEqual(Array(39).fill(401));
  expect(await calls(10)).toEqual(Array(10).fill(401));
  expect(refusalLines().map((line) => line.msg)).toEqual(['telegram webhook refused: wrong or missing secret']);
  expect(await refusedCount('wrong')).toBe(40);
  expect(await refusedCount('missing')).toBe(10);

  // Within the minute: counted, not logged.
  api.clock.advance(30_000);
  await calls(10, 'wrong-secret');
  expect(refusalLines()).toHaveLength(1);

  // The minute is over: the next refusal brings its summary, one line.
  api.clock.advance(30_000);
  await calls(1, 'wrong-secret');
  expect(refusalLines()).toHaveLength(2);
  expect(refusalLines()[1]).toMatchObject({ msg: 'telegram webhook refused: 59 more in the last minute', more: 59 });
  await calls(20, 'wrong-secret');
  expect(refusalLines()).toHaveLength(2);
  api.clock.advance(60_000);
  await calls(1, 'wrong-secret');
  expect(refusalLines()).toHaveLength(3);
  expect(refusalLines()[2]).toMatchObject({ more: 21 });

  // The flood stopped for a minute: its last count, then a new burst's first refusal.
  api.clock.advance(120_000);
  await calls(1);
  expect(refusalLines().slice(3)).toMatchObject([
    { more: 1 },
    { msg: 'telegram webhook refused: wrong or missing secret' },
  ]);

  expect(await refusedCount('wrong')).toBe(40 + 10 + 1 + 20 + 1);
  expect(await refusedCount('missing')).toBe(10 + 1);
  // The right secret is no refusal (this body is no update: 400), and no secret is ever logged.
  const right = await request(api.server)
    .post('/api/telegram/webhook')
    .set('X-Telegram-Bot-Api-Secret-Token', SECRET)
    .send({});
  expect(right.status).toBe(400);
  expect(await refusedCount('wrong')).toBe(72);
  expect(lines.join('')).not.toContain('wrong-secret');
  expect(lines.join('')).not.toContain(SECRET);
});
