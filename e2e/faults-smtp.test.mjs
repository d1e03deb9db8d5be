// Fault injection: a slow mail server (it greets each connection only after 4 s). The
// letters go out from a queue, off the request path: registration and password recovery must still
// answer at once, and every letter must arrive later.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { useFaultScene } from './support/fault-scene.mjs';
import { startSlowSmtp } from './support/slow-smtp.mjs';
import { insertPlayers, PASSWORD, percentile, recordFigure, timedCall } from './support/faults.mjs';
import { apiClient } from './support/api-client.mjs';
import { until } from './support/wait.mjs';

const SUITE = 'slow-smtp';
const GREETING_DELAY_MS = 4000;
const CALLS = 10; // half registrations, half password recoveries
const scene = useFaultScene({
  dependency: { name: 'smtp', start: () => startSlowSmtp({ greetingDelayMs: GREETING_DELAY_MS }) },
  product: (smtp) => ({ smtpUrl: smtp.url }),
});

test('a slow mail server: registration and recovery answer fast, the letters arrive later', async () => {
  const { product, dependency: smtp } = scene;
  const known = await insertPlayers(product, CALLS / 2);
  const calls = [];
  for (let i = 0; i < CALLS; i += 1) {
    const client = apiClient(product.base);
    await client.get('/api/give_rules/'); // the CSRF cookie, as the app has it
    const registering = i % 2 === 0;
    const email = registering ? `fault-new-${randomUUID().slice(0, 12)}@example.com` : known[i >> 1].email;
    const outcome = registering
      ? await timedCall(product.base, client, 'POST', '/api/register/', {
          body: { email, name_user: 'Игрок', password1: PASSWORD, password2: PASSWORD },
        })
      : await timedCall(product.base, client, 'POST', '/api/reset_password_request_code/', { body: { email } });
    calls.push({ email, kind: registering ? 'register' : 'recovery', answeredAt: Date.now(), ...outcome });
  }
  assert.deepEqual(
    calls.filter((call) => call.status !== 200).map((call) => `${call.kind}: ${call.status ?? call.error}`),
    [],
    'every call succeeds',
  );
  const ms = calls.map((call) => call.ms);
  recordFigure(SUITE, 'mail server greeting delay', GREETING_DELAY_MS, 'ms');
  recordFigure(
    SUITE,
    'HTTP p95 (registration and recovery)',
    Math.round(percentile(ms, 0.95)),
    'ms',
    `${CALLS} calls, max ${Math.round(Math.max(...ms))} ms`,
  );
  // None waited for the mail server: each answered before it would even have greeted. (How fast is
  // the figure above; a time ceiling here failed on a busy CI machine with one call at 1.5 s.)
  assert.deepEqual(
    calls.filter((call) => call.ms >= GREETING_DELAY_MS).map((call) => `${call.kind}: ${Math.round(call.ms)} ms`),
    [],
    `every answer before the mail server's ${GREETING_DELAY_MS} ms greeting: ${ms.map(Math.round)}`,
  );

  // Every letter arrives, later.
  await until(
    () => calls.every((call) => smtp.lettersTo(call.email).length === 1),
    'every letter at the mail server',
    60_000,
  );
  const delays = calls.map((call) => smtp.lettersTo(call.email)[0].at - call.answeredAt);
  recordFigure(SUITE, 'letter arrived after the HTTP answer, median', Math.round(percentile(delays, 0.5)), 'ms');
  recordFigure(SUITE, 'letter arrived after the HTTP answer, max', Math.round(Math.max(...delays)), 'ms');
  assert.ok(Math.min(...delays) >= GREETING_DELAY_MS - 500, 'the letters waited for the slow server, not the calls');
  // Sent side by side: a slow letter does not hold the others back.
  assert.ok(Math.max(...delays) < 2 * GREETING_DELAY_MS, `no letter waited for another: ${delays}`);
  assert.equal(smtp.letters.length, CALLS, 'one letter per call, none twice');
});
