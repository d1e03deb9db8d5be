// Shared by the browser journeys: the product started exactly as `npm start` starts it (on free
// ports, with a database of its own), Debian's Chromium, and the MailDev inbox.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { freePort } from '../scripts/free-port.mjs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
export const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

/**
 * Runs scripts/start.mjs (what `npm start` runs after building) and waits for a healthy API.
 * `env` adds settings (the social login tests point the providers at their fake).
 */
export async function startProduct(env = {}) {
  const id = `${Date.now().toString(36)}_${process.pid}`;
  const [port, smtpPort, webPort, displayPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/kort_e2e_${id}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `kort-e2e:${id}:`,
      MAILDEV_SMTP_PORT: String(smtpPort),
      MAILDEV_WEB_PORT: String(webPort),
      AGENT_DISPLAY_PORT: String(displayPort),
      AGENT_STATE_FILE: `${artifacts}/agent-state-${id}.json`,
      SMTP_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The API did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    base,
    databaseUrl,
    mailUrl: `http://127.0.0.1:${webPort}`,
    displayUrl: `http://127.0.0.1:${displayPort}`,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, '/postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "kort_e2e_${id}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function launchChromium(extraArgs = []) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  return watchContentSecurityPolicy(browser);
}

/**
 * Every journey runs under the product's Content Security Policy (docs/security.md): Chromium
 * reports a blocked script, style, image or connection on the console, and closing the browser
 * fails the journey with the first such reports. A policy too strict for the apps cannot pass.
 */
function watchContentSecurityPolicy(browser) {
  const violations = [];
  const watch = (context) => {
    context.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy/i.test(text)) violations.push(`${message.location().url}: ${text}`);
    });
    return context;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watch(await newContext(...args));
  browser.newPage = async (...args) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // As Playwright's own newPage: closing the page closes its context.
    page.on('close', () => context.close().catch(() => {}));
    return page;
  };
  const close = browser.close.bind(browser);
  browser.close = async (...args) => {
    await close(...args);
    if (violations.length > 0) {
      throw new Error(`Content Security Policy violations:\n${violations.slice(0, 5).join('\n')}`);
    }
  };
  browser.cspViolations = violations;
  return browser;
}

/** `work(db)` with a connection to the product's database, closed after. */
export async function withDatabase(product, work) {
  const db = new pg.Client({ connectionString: product.databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
};

/** Waits until MailDev holds a letter to `address` and returns the oldest one. */
export async function waitForMail(mailUrl, address, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${mailUrl}/api/email?to.address=${encodeURIComponent(address)}&sort=asc`);
    const [mail] = await response.json();
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The next letter to `address` in MailDev, removed once read. */
export async function nextMail(mailUrl, address, timeoutMs = 15_000) {
  const mail = await waitForMail(mailUrl, address, timeoutMs);
  await fetch(`${mailUrl}/api/email/${mail.id}`, { method: 'DELETE' });
  return mail;
}

/** Registers before/after hooks that start the product and Chromium once for a test file. */
export function useProductAndBrowser({ chromiumArgs = [] } = {}) {
  const env = { product: undefined, browser: undefined };
  before(async () => {
    env.product = await startProduct();
    env.browser = await launchChromium(chromiumArgs);
  });
  after(async () => {
    await env.browser?.close();
    await env.product?.stop();
  });
  return env;
}

/**
 * A client of the product's API from Node, with its own cookies and the CSRF header, for setting
 * the scene of a journey (accounts, games) and for checking what a player would be answered.
 */
export function apiClient(base) {
  const cookies = new Map();
  async function call(method, path, body) {
    if (!cookies.has('csrftoken') && path !== '/api/give_rules/') await call('GET', '/api/give_rules/');
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'X-CSRFToken': decodeURIComponent(cookies.get('csrftoken') ?? ''),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: response.status, body: await response.json().catch(() => null) };
  }
  return {
    /** The Cookie header this client sends (for a socket.io client in the same session). */
    cookieHeader: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    csrfToken: () => decodeURIComponent(cookies.get('csrftoken') ?? ''),
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    put: (path, body) => call('PUT', path, body),
    async login(email, password) {
      return call('POST', '/api/login/', { email, password });
    },
  };
}

/** Registers and confirms an account through the real calls (code from MailDev), rules accepted. */
export async function registerAccount(product, { email, password, name }) {
  const client = apiClient(product.base);
  const registered = await client.post('/api/register/', {
    email,
    name_user: name,
    password1: password,
    password2: password,
  });
  if (registered.status !== 200)
    throw new Error(`register ${email}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const code = /(\d{4})/.exec((await nextMail(product.mailUrl, email)).subject)[1];
  const activated = await client.post('/api/activate/', { email, code });
  if (activated.status !== 200) throw new Error(`activate ${email}: ${activated.status}`);
  await client.get('/api/user_read/');
  return client;
}

/** The simulated agent's own report of itself (`/state.json` of its door display). */
export async function agentState(product) {
  return (await fetch(`${product.displayUrl}/state.json`)).json();
}

/** Polls `check` every 100 ms until it gives something truthy, and returns that. */
export async function until(check, what, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
