// The admin dashboard in Chromium: how long its home page takes to show the counters and the light
// (cold: a new context each run, cache empty; warm: the same context, reloaded), and how long a
// relay change reported by the real edge agent (simulated driver, in this process, as door.mjs
// runs it) takes to reach the page's DOM over the /live socket. Times are taken where things
// happen: in the page (performance.now() from navigation start; Date.now() when the light card's
// text flips or a socket frame arrives) and in the agent (Date.now() when it reports the relay).
// The bench and Chromium run on the same machine, so Date.now() is one clock for both.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { players, root, startEdgeAgent } from './lib.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './web.mjs';

const VIEWPORT = { width: 1366, height: 900 };
const LIGHT_ON = 'Включён';
const LIGHT_OFF = 'Выключен';
const TIMEOUT_MS = 15_000;

/** Median (mean of the middle two), p90 (nearest rank) and max, in ms, rounded to 0.1 ms. */
export function spread(samples) {
  const sorted = samples.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return { n: 0, median_ms: null, p90_ms: null, max_ms: null };
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    n: sorted.length,
    median_ms: round(median),
    p90_ms: round(sorted[Math.ceil(0.9 * sorted.length) - 1]),
    max_ms: round(sorted.at(-1)),
  };
}

/* global window, document, MutationObserver -- the probes run in the page */

/**
 * Installed before the dashboard's scripts on every navigation: a MutationObserver that notes when
 * the home page is complete (both counters show a number and the light card a state) and every
 * change of the light card's state afterwards.
 */
function renderProbe({ states }) {
  const probe = { counters: null, light: null, ready: null, lightChanges: [] };
  window.__kortBench = probe;
  const counterShown = (label) => {
    for (const heading of document.querySelectorAll('h2'))
      if (heading.textContent === label) return /^\d+$/.test(heading.nextElementSibling?.textContent.trim() ?? '');
    return false;
  };
  const lightState = () => {
    const card = document.querySelector('[role="group"][aria-label="Свет"]');
    if (!card) return null;
    // A state shown as last known (no agent yet: «Выключен · последнее известное») is shown too.
    for (const element of card.querySelectorAll('span, div, p')) {
      const state = element.textContent.split(' · ')[0];
      if (element.childElementCount === 0 && states.includes(state)) return state;
    }
    return null;
  };
  let last = null;
  const check = () => {
    const state = lightState();
    if (state !== last) {
      last = state;
      if (state) probe.lightChanges.push({ state, at: Date.now() });
    }
    if (probe.ready !== null) return;
    const now = performance.now();
    if (probe.counters === null && counterShown('Игроков') && counterShown('Игр сегодня')) probe.counters = now;
    if (probe.light === null && state) probe.light = now;
    if (probe.counters !== null && probe.light !== null) probe.ready = now;
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * The arrival time of every socket.io `device.state` frame that reaches the page over a WebSocket
 * (noted before the app's own handler runs): the split between the network and React's render.
 */
function socketProbe() {
  const frames = [];
  window.__kortFrames = frames;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const at = Date.now();
        if (typeof event.data !== 'string' || !event.data.includes('"device.state"')) return;
        try {
          const [, state] = JSON.parse(event.data.slice(event.data.indexOf('[')));
          frames.push({ at, light: state.relays.light });
        } catch {
          // not a frame of ours
        }
      });
    }
  };
}

function cookiesFor(cookieHeader, url) {
  return cookieHeader.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}

async function newContext(browser, base, admin, { live = false } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addCookies(cookiesFor(admin.cookie, base));
  await context.addInitScript(renderProbe, { states: [LIGHT_ON, LIGHT_OFF] });
  if (live) await context.addInitScript(socketProbe);
  return context;
}

/** Waits for the home page to be complete and returns its timings (ms from navigation start). */
async function homeTimings(page) {
  try {
    await page.waitForFunction(() => typeof window.__kortBench?.ready === 'number', undefined, { timeout: TIMEOUT_MS });
  } catch (error) {
    const seen = await page.evaluate(() => document.body?.innerText.slice(0, 300)).catch(() => '');
    throw new Error(`the admin home did not render at ${page.url()}: ${error.message}\npage: ${seen}`, {
      cause: error,
    });
  }
  return page.evaluate(() => ({
    ready: window.__kortBench.ready,
    counters: window.__kortBench.counters,
    light: window.__kortBench.light,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  }));
}

function renderSummary(samples) {
  const ready = spread(samples.map((s) => s.ready));
  return {
    runs: samples.length,
    home_ready: ready,
    counters: spread(samples.map((s) => s.counters)),
    light_card: spread(samples.map((s) => s.light)),
    fcp: spread(samples.map((s) => s.fcp)),
    samples_ms: samples.map((s) => Math.round(s.ready * 10) / 10),
  };
}

async function firstRender(browser, base, admin, runs) {
  const url = `${base}/admin/`;
  // One load first, not counted: the API's first answers to these calls and Chromium's first
  // renderer are not what a returning admin waits for.
  const warmUp = await newContext(browser, base, admin);
  try {
    const page = await warmUp.newPage();
    await page.goto(url);
    await homeTimings(page);
  } finally {
    await warmUp.close();
  }

  const cold = [];
  for (let i = 0; i < runs; i += 1) {
    const context = await newContext(browser, base, admin);
    try {
      const page = await context.newPage();
      await page.goto(url);
      cold.push(await homeTimings(page));
    } finally {
      await context.close();
    }
  }

  const warm = [];
  const context = await newContext(browser, base, admin);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await homeTimings(page); // fills the cache: not counted
    for (let i = 0; i < runs; i += 1) {
      await page.reload();
      warm.push(await homeTimings(page));
    }
  } finally {
    await context.close();
  }
  return { cold: renderSummary(cold), warm: renderSummary(warm) };
}

/**
 * One switch of the light through the admin call, from this process (another admin's dashboard, as
 * far as the page is concerned: only the /live push can change it). Returns the moments, Date.now().
 */
async function switchLight(base, admin, agent, page, on) {
  const state = on ? LIGHT_ON : LIGHT_OFF;
  let reportedAt = null;
  // The agent reports on its socket from its event bus; this listener runs right after, same tick.
  const unsubscribe = agent.bus.on('relayChanged', ({ device, on: now }) => {
    if (device === 'light' && now === on && reportedAt === null) reportedAt = Date.now();
  });
  const calledAt = Date.now();
  let answer;
  try {
    answer = await fetch(`${base}/api/${on ? 'turn_on_light' : 'turn_off_light'}/`, {
      headers: { cookie: admin.cookie, 'x-csrftoken': admin.csrf },
    });
  } finally {
    unsubscribe();
  }
  const answeredAt = Date.now();
  if (!answer.ok)
    throw new Error(`${on ? 'turn_on_light' : 'turn_off_light'}: ${answer.status} ${await answer.text()}`);
  if (reportedAt === null) throw new Error(`the agent did not report the light ${on ? 'on' : 'off'}`);
  const handle = await page.waitForFunction(
    ({ state, since }) => window.__kortBench.lightChanges.find((c) => c.state === state && c.at >= since)?.at,
    { state, since: calledAt },
    { timeout: TIMEOUT_MS },
  );
  const domAt = await handle.jsonValue();
  const frameAt = await page.evaluate(
    ({ on, since }) => window.__kortFrames.find((f) => f.light === on && f.at >= since)?.at ?? null,
    { on, since: reportedAt },
  );
  return { calledAt, reportedAt, answeredAt, frameAt, domAt };
}

async function liveDelay(browser, base, admin, token, flips) {
  const { agent, stop } = await startEdgeAgent(base, token, { timeoutMs: TIMEOUT_MS });
  const context = await newContext(browser, base, admin, { live: true });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/admin/`);
    await homeTimings(page);
    await page.getByText('Оборудование на связи').waitFor({ timeout: TIMEOUT_MS });
    await page.getByText('Обновляется сам').waitFor({ timeout: TIMEOUT_MS });
    await page
      .getByRole('group', { name: 'Свет' })
      .getByText(LIGHT_OFF, { exact: true })
      .waitFor({ timeout: TIMEOUT_MS });
    // One round first, not counted: socket.io has upgraded to its WebSocket by then, and the
    // command path has run once.
    await switchLight(base, admin, agent, page, true);
    await switchLight(base, admin, agent, page, false);

    const flipsOn = [];
    for (let i = 0; i < flips; i += 1) {
      flipsOn.push(await switchLight(base, admin, agent, page, true));
      await switchLight(base, admin, agent, page, false); // back off for the next flip, not counted
    }
    const part = (from, to) => flipsOn.map((f) => (f[from] === null || f[to] === null ? null : f[to] - f[from]));
    return {
      flips,
      trigger: 'GET /api/turn_on_light/ from the bench (admin session), light off again between flips',
      agent_to_dom: spread(part('reportedAt', 'domAt')),
      call_to_agent: spread(part('calledAt', 'reportedAt')),
      agent_to_frame: spread(part('reportedAt', 'frameAt')),
      frame_to_dom: spread(part('frameAt', 'domAt')),
      call_to_dom: spread(part('calledAt', 'domAt')),
      call_to_answer: spread(part('calledAt', 'answeredAt')),
      agent_to_dom_samples_ms: part('reportedAt', 'domAt'),
    };
  } finally {
    await context.close();
    await stop();
  }
}

/**
 * Both measures with one signed-in admin and one Chromium; `null` parts are skipped with a reason
 * when the dashboard is not built.
 */
export async function adminDashboard(base, databaseUrl, agentToken, { runs = 10, flips = 30 } = {}) {
  if (!existsSync(join(root, 'admin-dashboard/dist/index.html')))
    return { skipped: 'no admin-dashboard/dist/index.html' };
  const [admin] = await players(base, databaseUrl, 1, { role: 'owner' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    return {
      viewport: `${VIEWPORT.width}x${VIEWPORT.height}`,
      browser: `Chromium ${browser.version()}`,
      first_render: { runs, ...(await firstRender(browser, base, admin, runs)) },
      live_light: await liveDelay(browser, base, admin, agentToken, flips),
    };
  } finally {
    await browser.close();
  }
}

const ms = (value) => (value === null ? '—' : value);

export function printAdmin(admin) {
  if (admin.skipped) {
    console.log(`\nAdmin dashboard: skipped (${admin.skipped})`);
    return;
  }
  const { first_render: render, live_light: live } = admin;
  console.log(
    `\nAdmin dashboard /admin/ home in ${admin.browser} (${admin.viewport}), ${render.runs} runs each:` +
      ' navigation start → both counters and the light card rendered (DOM, in the page)\n',
  );
  console.table(
    ['cold', 'warm'].map((mode) => ({
      load: mode === 'cold' ? 'cold (new context, empty cache)' : 'warm (same context, reload)',
      'median ms': ms(render[mode].home_ready.median_ms),
      'p90 ms': ms(render[mode].home_ready.p90_ms),
      'max ms': ms(render[mode].home_ready.max_ms),
      'counters median': ms(render[mode].counters.median_ms),
      'light median': ms(render[mode].light_card.median_ms),
      'FCP median': ms(render[mode].fcp.median_ms),
    })),
  );
  console.log(
    `\nLive light state, ${live.flips} flips off → on (${live.trigger}): ` +
      'agent report (relay.changed emitted) → "Включён" in the page\n',
  );
  const rows = [
    ['agent report → DOM', live.agent_to_dom],
    ['  agent report → socket frame in page', live.agent_to_frame],
    ['  socket frame → DOM (React)', live.frame_to_dom],
    ['admin call → agent report', live.call_to_agent],
    ['admin call → DOM', live.call_to_dom],
    ['admin call → HTTP answer', live.call_to_answer],
  ];
  console.table(
    rows.map(([measure, s]) => ({
      measure,
      n: s.n,
      'median ms': ms(s.median_ms),
      'p90 ms': ms(s.p90_ms),
      'max ms': ms(s.max_ms),
    })),
  );
}
