// Players made as the apps make them, for the browser journeys: an account confirmed through the
// real calls (the code from MailDev), and a game on now (as if booked earlier).
import assert from 'node:assert/strict';
import pg from 'pg';
import { nextMail } from './mail.mjs';

/**
 * A confirmed player made through the real calls in `page` (its cookies, its CSRF token), signed
 * out again; with `acceptRules` the club's rules accepted first, else the 451 screen greets the login.
 */
export async function confirmedPlayer(page, product, { name, acceptRules = false }) {
  const email = `ui-${name}-${Date.now()}@example.com`;
  const password = 'Экран-2026-ok';
  await page.goto(`${product.base}/api/give_rules/`);
  const call = (path, body) =>
    page.evaluate(
      async ({ path, body }) => {
        const token = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
        const response = await fetch(path, {
          method: body ? 'POST' : 'GET',
          headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
          body: body ? JSON.stringify(body) : undefined,
        });
        return response.status;
      },
      { path, body },
    );
  await call('/api/register/', { email, name_user: 'Ирина', password1: password, password2: password });
  const code = /(\d{4})/.exec((await nextMail(product.mailUrl, email)).subject)[1];
  assert.equal(await call('/api/activate/', { email, code }), 200);
  if (acceptRules) assert.equal(await call('/api/user_read/'), 200);
  assert.equal(await call('/api/logout/'), 200);
  return { email, password };
}

/** A game this hour (or the next, within 10 minutes) for the player, as if booked earlier. */
export async function gameOnNow(product, email, court) {
  const db = new pg.Client({ connectionString: product.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
       SELECT id, $2, date_trunc('hour', now() + interval '10 minutes'),
              date_trunc('hour', now() + interval '10 minutes') + interval '1 hour', 2
         FROM users WHERE email = $1`,
      [email, court],
    );
  } finally {
    await db.end();
  }
}

/** The player app's two login steps, e-mail then password. */
export async function logIn(page, product, { email, password }) {
  await page.goto(`${product.base}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/** The 451 screen after a first login: both boxes ticked, «Принять». */
export async function acceptRulesScreen(page) {
  await page.getByRole('heading', { name: 'Правила клуба' }).waitFor();
  await page.getByLabel('Я принимаю').check();
  await page.getByLabel('Я даю согласие на').check();
  await page.getByRole('button', { name: 'Принять' }).click();
}
