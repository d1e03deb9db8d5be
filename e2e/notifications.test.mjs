// Notifications from the player's side, on the product `npm start` runs with a Telegram bot and web push,
// in Chromium: Telegram linked on /account (the one-time link and its QR code, the player's /start in
// the bot through the fake Bot API, the screen turning to «Telegram подключён»); this device
// subscribed to web push; a court freed from the line pushed to that device, decrypted by the fake
// push service and delivered to the app's service worker, which shows it; its tap's address leads
// to the offer on my games. The fakes are scripts/fake-telegram-bot-api.mjs and
// scripts/fake-push-service.mjs. Screens go to e2e/artifacts/notify-*.png and are checked with axe.
import assert from 'node:assert/strict';
import { createECDH } from 'node:crypto';
import { after, before, test } from 'node:test';
import { startFakePushService } from '../scripts/fake-push-service.mjs';
import { startFakeBotApi } from '../scripts/fake-telegram-bot-api.mjs';
import { asPlayer, clubInstant, heading } from './support/player-pages.mjs';
import { registerAccount } from './support/api-client.mjs';
import { launchChromium, viewports } from './support/browser.mjs';
import { startProduct } from './support/product.mjs';
import { until } from './support/wait.mjs';

const PASSWORD = 'Корт-2026-уведомления!';
const BOT_TOKEN = '123456:E2E-TOKEN-0123456789abcdef';
const BOT_USERNAME = 'kort_club_bot';
const stamp = Date.now();

/** The club's VAPID key pair (RFC 8292), made for this run. */
const vapid = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
})();

const env = {};
before(async () => {
  env.bot = await startFakeBotApi({ token: BOT_TOKEN, username: BOT_USERNAME });
  env.push = await startFakePushService();
  env.product = await startProduct({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_ROOT: env.bot.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:club@kort.local',
  });
  env.browser = await launchChromium();
});
after(async () => {
  await env.browser?.close();
  await env.product?.stop();
  await env.push?.stop();
  await env.bot?.stop();
});

/** A confirmed player with the rules accepted, signed in through the real calls. */
async function player(label, name) {
  const email = `notify-${label}-${stamp}@example.com`;
  const client = await registerAccount(env.product, { email, password: PASSWORD, name });
  assert.equal((await client.login(email, PASSWORD)).status, 200);
  return { email, client };
}

/** A signed-in page of `email` at `viewport`: screens to notify-<name>-<screen>.png, checked with axe. */
const asNotified = (name, viewport, email, run) =>
  asPlayer(
    { browser: env.browser, base: env.product.base, name: `notify-${name}`, viewport, email, password: PASSWORD },
    run,
  );

async function openAccount(page) {
  await page.goto(`${env.product.base}/account`);
  await heading(page, 'Профиль');
  await page.getByRole('region', { name: 'Уведомления' }).getByRole('table').waitFor();
}

// ---- Telegram ----

/** Links Telegram as the player does: «Подключить Telegram», then /start <token> in the bot. */
async function linkTelegram(page, snap, { chat, qr }) {
  const telegram = page.getByRole('region', { name: 'Telegram' });
  const box = page.getByRole('checkbox', { name: 'Очередь: освободился корт: Telegram' });
  assert.equal(await box.isDisabled(), true, 'the Telegram column waits for the link');
  await telegram.getByRole('button', { name: 'Подключить Telegram' }).click();

  const open = telegram.getByRole('link', { name: 'Открыть Telegram' });
  await open.waitFor();
  const link = new URL(await open.getAttribute('href'));
  assert.equal(`${link.origin}${link.pathname}`, `https://t.me/${BOT_USERNAME}`);
  assert.equal(await open.getAttribute('target'), '_blank');
  const token = link.searchParams.get('start');
  assert.match(token, /^[\w-]{16,64}$/);
  await telegram.getByText(/^Ссылка действует до \d\d:\d\d$/).waitFor();
  const image = telegram.getByRole('img', { name: 'QR-код ссылки на бот клуба в Telegram' });
  if (qr) {
    await image.waitFor();
    assert.ok(await image.evaluate((img) => img.complete && img.naturalWidth > 0), 'the QR code is drawn');
  } else {
    assert.equal(await image.count(), 0, 'no QR code on a phone: the link opens Telegram on it');
  }
  await snap('telegram-link');

  // The player presses «Запустить» in the bot: Telegram delivers /start <token> to the club's bot.
  const started = await fetch(`${env.bot.url}/__fake/start`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ chat: { id: chat, first_name: 'Анна' }, text: `/start ${token}` }),
  });
  assert.equal(started.status, 200, await started.text());

  // The page asks every 3 s while the link is shown, and turns without a reload.
  await telegram.getByText('Telegram подключён').waitFor({ timeout: 20_000 });
  assert.equal(await telegram.getByRole('link', { name: 'Открыть Telegram' }).count(), 0);
  await until(
    () => env.bot.sent().some((message) => message.chat_id === chat && /Telegram подключён/.test(message.text)),
    'the bot greeting the linked chat',
  );
  assert.equal(await box.isDisabled(), false);
  assert.equal(await box.isChecked(), true, 'a linked Telegram is on for every kind');
  await snap('telegram-linked');
}

test('a player links Telegram on a desktop: the link and its QR code, /start in the bot, «Telegram подключён»', async () => {
  const { email } = await player('telegram-desktop', 'Анна');
  await asNotified('desktop', viewports.desktop, email, async (page, snap) => {
    await openAccount(page);
    await snap('account');
    await linkTelegram(page, snap, { chat: 700_001, qr: true });

    // «Отключить»: the column waits for a link again.
    await page.getByRole('region', { name: 'Telegram' }).getByRole('button', { name: 'Отключить' }).click();
    await page.locator('.toast', { hasText: 'Telegram отключён' }).first().waitFor();
    await page.getByRole('button', { name: 'Подключить Telegram' }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Очередь: освободился корт: Telegram' }).isDisabled(), true);
  });
});

test('the same on a phone: the link opens Telegram on it, no QR code', async () => {
  const { email } = await player('telegram-phone', 'Анна');
  await asNotified('phone', viewports.phone, email, async (page, snap) => {
    await openAccount(page);
    await snap('account');
    await linkTelegram(page, snap, { chat: 700_002, qr: false });
  });
});

// ---- Web push ----

/**
 * Chromium here cannot subscribe for real: a Playwright context is incognito, where Chrome has no
 * Push API (subscribe() refuses: "Registration failed - permission denied"), and without internet
 * there is no Google push service to register with either. The push service is the edge that cannot
 * run here, so only PushManager.prototype.subscribe is replaced: it answers with a subscription the
 * fake push service made for the club's VAPID key (POST /__fake/subscription), so that the API's
 * real, encrypted push reaches the fake and can be decrypted there. Everything else (the permission,
 * the service worker, the API's calls) is the browser's own.
 */
async function fakeSubscriptionFor(applicationServerKey) {
  const answer = await fetch(`${env.push.url}/__fake/subscription`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ applicationServerKey }),
  });
  assert.equal(answer.status, 200);
  return answer.json();
}

/** Runs in the page before the app: subscribe() gives `subscription` (the fake service's). */
function replaceSubscribe(subscription) {
  const bytes = (base64url) =>
    Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  PushManager.prototype.subscribe = async function subscribe(options) {
    return {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: options.userVisibleOnly, applicationServerKey: options.applicationServerKey },
      getKey: (name) => bytes(subscription.keys[name]).buffer,
      toJSON: () => subscription,
      unsubscribe: async () => true,
    };
  };
}

async function book(client, court, timeStart) {
  const answer = await client.post(`/api/order-court/${court}/`, {
    id_cort: court,
    time_start: timeStart,
    players_count: 2,
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

/**
 * The app's service worker's registration id, from the DevTools protocol (ServiceWorker domain):
 * what ServiceWorker.deliverPushMessage needs.
 */
async function serviceWorkerRegistration(cdp, scope) {
  const found = new Promise((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === scope && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('a phone subscribed to web push: a court freed from the line reaches the service worker, which shows it; its tap leads to the offer', async () => {
  const base = env.product.base;
  const vera = await player('push', 'Вера');
  const subscription = await fakeSubscriptionFor(vapid.publicKey);

  await asNotified('push', viewports.phone, vera.email, async (page, snap) => {
    await page.context().grantPermissions(['notifications'], { origin: base });
    await page.addInitScript(replaceSubscribe, subscription);
    await openAccount(page);

    // The app registered its worker once the page was up.
    assert.equal(
      await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL),
      `${base}/sw.js`,
    );
    const device = page.getByRole('region', { name: 'Уведомления на этом устройстве' });
    const box = page.getByRole('checkbox', { name: 'Очередь: освободился корт: Уведомления на устройстве' });
    assert.equal(await box.isDisabled(), true, 'the device column waits for a subscription');
    await device.getByRole('button', { name: 'Включить' }).click();
    await device.getByText('Уведомления на этом устройстве включены').waitFor();
    await device.getByText('Подключено устройств: 1').waitFor();
    assert.equal(await box.isDisabled(), false);
    assert.equal(await box.isChecked(), true, 'a subscribed device is on for every kind');
    await snap('push-on');

    // The scene: both courts taken at 20:00 three days ahead, Vera in line, one of them cancels.
    const [gleb, boris] = [await player('push-1', 'Глеб'), await player('push-2', 'Борис')];
    const hour = clubInstant(3, 20);
    await book(gleb.client, 1, hour);
    await book(boris.client, 2, hour);
    const joined = await vera.client.post('/api/waitlist/', { time_start: hour });
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    const cancelled = await gleb.client.post('/api/delete_order/1/', {
      id_cort: 1,
      time_start: hour,
      players_count: 2,
    });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));

    // The API's push, as the push service received it and the browser would decrypt it.
    const delivered = await env.push.waitFor(
      (push) => push.endpoint === subscription.endpoint && push.json?.tag === `offer-${joined.body.id}`,
      30_000,
    );
    assert.equal(delivered.json.url, `/profile?offer=${joined.body.id}`);
    assert.equal(delivered.urgency, 'high');

    // Delivered to the app's service worker as Chromium's push service would.
    const cdp = await page.context().newCDPSession(page);
    const registrationId = await serviceWorkerRegistration(cdp, `${base}/`);
    await page.evaluate(() => {
      window.kortPushes = [];
      navigator.serviceWorker.addEventListener('message', (event) => window.kortPushes.push(event.data));
    });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId, data: delivered.payload });

    // The page hears of it (and asks its answers again)…
    const [message] = await until(
      () => page.evaluate(() => (window.kortPushes.length > 0 ? window.kortPushes : null)),
      'the worker telling the page',
    );
    assert.deepEqual(message, { type: 'kort-push', notice: delivered.json });
    // …and the worker shows the notice.
    const worker = page
      .context()
      .serviceWorkers()
      .find((candidate) => candidate.url() === `${base}/sw.js`);
    assert.ok(worker, 'the app has its service worker');
    // The worker tells the page and shows the notice side by side: the notice may come a moment later.
    const shown = await until(async () => {
      const notices = await worker.evaluate(async () =>
        (await self.registration.getNotifications()).map((notice) => ({
          title: notice.title,
          body: notice.body,
          tag: notice.tag,
          data: notice.data,
          lang: notice.lang,
        })),
      );
      return notices.length > 0 ? notices : null;
    }, 'the worker to show the notice');
    assert.deepEqual(shown, [
      {
        title: delivered.json.title,
        body: delivered.json.body,
        tag: delivered.json.tag,
        data: { url: delivered.json.url },
        lang: 'ru',
      },
    ]);
    assert.match(delivered.json.title, /Корт освободился/);

    // Where a tap leads: my games with that offer in view and focused.
    await page.goto(`${base}${delivered.json.url}`);
    const offer = page.getByRole('article', { name: /^Корт освободился: 20:00, корт 1$/ });
    await offer.waitFor();
    assert.match(await offer.getAttribute('class'), /is-pointed/);
    await until(() => offer.evaluate((card) => document.activeElement === card), 'the offer focused');
    await snap('offer-from-push');
  });
});
