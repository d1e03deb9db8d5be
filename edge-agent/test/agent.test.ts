import { join } from 'node:path';
import { type CommandAck, EDGE_EVENTS } from '@kort/contracts';
import { startAgent, type RunningAgent } from '../src/agent';
import { loadAgentConfig } from '../src/config';
import { doorQrSvg } from '../src/display/door-link';
import { SimulatedDriver } from '../src/hardware/simulated-driver';
import { startEdgeServer, TOKEN } from './support/edge-server';
import { capturingLogger, command, eventually, tempDir } from './support/helpers';

type EdgeServer = Awaited<ReturnType<typeof startEdgeServer>>;

let server: EdgeServer;
const agents: RunningAgent[] = [];

beforeEach(async () => {
  server = await startEdgeServer();
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.stop()));
  await server.close();
});

async function agentWith(env: Record<string, string> = {}) {
  const config = loadAgentConfig(
    {
      API_URL: server.url,
      SITE_ID: 'court-1',
      EDGE_AGENT_TOKEN: TOKEN,
      DRIVER: 'simulated',
      DISPLAY_PORT: '0',
      DOOR_PULSE_MS: '300',
      STATE_FILE: join(tempDir(), 'state.json'),
      ...env,
    },
    [],
  );
  const logger = capturingLogger();
  const driver = new SimulatedDriver();
  const agent = await startAgent(config, { driver, logger });
  agents.push(agent);
  return { agent, driver, logger };
}

const send = (payload: unknown) =>
  server.agent().timeout(5000).emitWithAck(EDGE_EVENTS.command, payload) as Promise<CommandAck>;
const allOff = (relays: Record<string, boolean>) => Object.values(relays).every((on) => !on);

test('on connect the agent sends a snapshot: every relay off, door closed, no code, its version and driver', async () => {
  const { agent } = await agentWith();
  await eventually(() => expect(server.snapshots).toHaveLength(1));
  const [snapshot] = server.snapshots;
  expect(snapshot).toEqual({
    relays: expect.objectContaining({ door: false, light: false, 'shelf-11': false }),
    doorClosed: true,
    display: null,
    agentVersion: '0.1.0',
    driver: 'simulated',
  });
  expect(Object.keys(snapshot!.relays)).toHaveLength(13);
  expect(server.handshakes[0]).toEqual({ site: 'court-1', token: TOKEN });
  expect(agent.connected()).toBe(true);
});

test('a command round trip: ack with the relays, relay.changed and input.changed as the door pulses', async () => {
  await agentWith();
  await eventually(() => server.agent());
  const ack = await send(command('door.open', 'door'));
  expect(ack).toMatchObject({ ok: true, relays: { door: true, light: false } });

  await eventually(() =>
    expect(server.events.map(({ event, payload }) => [event, payload])).toEqual([
      ['relay.changed', { device: 'door', on: true, at: expect.any(Number) }],
      ['input.changed', { input: 'door-sensor', closed: false, at: expect.any(Number) }],
      ['relay.changed', { device: 'door', on: false, at: expect.any(Number) }],
      ['input.changed', { input: 'door-sensor', closed: true, at: expect.any(Number) }],
    ]),
  );

  // A minute late: the agent's clock follows the API's through a round-trip estimate, a few ms off on
  // a busy machine, so a deadline 1 ms ago could still lie ahead of it.
  const expired = await send(command('light.on', 'light', { deadline: Date.now() - 60_000 }));
  expect(expired).toMatchObject({ ok: false, error: 'expired' });
  const invalid = await send({ action: 'light.on' });
  expect(invalid).toMatchObject({ ok: false, error: 'invalid' });
  const light = command('light.on', 'light');
  await send(light);
  expect(await send(light)).toMatchObject({ ok: true, repeated: true, relays: { light: true } });
});

test('deadlines are judged by the API clock, even when the Pi clock is an hour behind', async () => {
  await server.close();
  server = await startEdgeServer({ clockOffsetMs: 3600_000 }); // the API is an hour ahead of this Pi
  const { driver, logger } = await agentWith();
  await eventually(() => expect(server.snapshots).toHaveLength(1));
  // The clock answer arrives right after the snapshot; the offset is logged as it is taken on.
  await eventually(() =>
    expect(logger.entries()).toContainEqual(
      expect.objectContaining({
        msg: expect.stringMatching(/clock differs from the API/),
        offsetMs: expect.any(Number),
      }),
    ),
  );
  const serverNow = Date.now() + 3600_000;
  // Past its deadline in API time, though an hour ahead by the Pi's own clock: refused.
  const late = await send(command('light.on', 'light', { deadline: serverNow - 1000 }));
  expect(late).toMatchObject({ ok: false, error: 'expired' });
  expect(driver.states().light).toBe(false);
  const onTime = await send(command('light.on', 'light', { deadline: serverNow + 5000 }));
  expect(onTime).toMatchObject({ ok: true });
  expect(driver.states().light).toBe(true);
});

test('a wrong token is refused; the agent says so and keeps retrying with backoff', async () => {
  const { agent, logger } = await agentWith({ EDGE_AGENT_TOKEN: 'wrong-token' });
  await eventually(() => expect(server.handshakes.length).toBeGreaterThanOrEqual(2), 6000);
  expect(agent.connected()).toBe(false);
  const refused = logger.entries().filter((entry) => entry.level === 'error' && entry.error === 'unauthorized');
  expect(refused.length).toBeGreaterThanOrEqual(1);
  expect(refused[0]!.msg).toMatch(/EDGE_AGENT_TOKEN or SITE_ID is wrong/);
  // The first retry comes within the first backoff window (full jitter: anywhere from 0 to 1 s).
  expect(refused[0]!.retryInMs).toBeGreaterThanOrEqual(0);
  expect(refused[0]!.retryInMs).toBeLessThan(1000);
  expect(logger.lines.join('\n')).not.toContain('wrong-token');
  expect(server.snapshots).toHaveLength(0);
});

test('after the server disconnects the agent it comes back and sends a fresh snapshot', async () => {
  await agentWith();
  await eventually(() => expect(server.snapshots).toHaveLength(1));
  await send(command('light.on', 'light'));
  server.agent().disconnect(true);
  await eventually(() => expect(server.snapshots).toHaveLength(2), 6000);
  expect(server.snapshots[1]!.relays.light).toBe(true);
});

test('the door display shows the code and its QR after display.show and clears after expiry', async () => {
  const { agent } = await agentWith({ PLAYER_URL: 'https://kort.example.ru' });
  await eventually(() => server.agent());
  const base = agent.display.url;
  expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

  const idle = await (await fetch(base)).text();
  expect(idle).toContain('Код появится здесь, когда игрок нажмёт «Открыть дверь»');
  expect(await (await fetch(new URL('state.json', base))).json()).toEqual({
    connected: true,
    offline: false,
    display: null,
    relays: expect.objectContaining({ door: false, 'shelf-1': false }),
    schedule: null,
    alarms: [],
  });

  const expiresAt = Date.now() + 1500;
  const cleared = new Promise<number>((resolve) =>
    agent.bus.on('displayChanged', ({ display }) => (display === null ? resolve(Date.now()) : undefined)),
  );
  expect(await send(command('display.show', null, { params: { code: '0427', expiresAt } }))).toMatchObject({
    ok: true,
  });
  const state = (await (await fetch(new URL('state.json', base))).json()) as Record<string, unknown>;
  expect(state).toEqual({
    connected: true,
    offline: false,
    display: { code: '0427', expiresAt },
    relays: expect.any(Object),
    schedule: null,
    alarms: [],
  });
  expect(Object.keys(state.relays as object)).toHaveLength(13);

  const page = await fetch(base);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await page.text();
  expect(html).toContain('data-code="0427"');
  expect(html).toMatch(/<span>0<\/span><span>4<\/span><span>2<\/span><span>7<\/span>/);
  // The QR is a link to the player app's door modal with this code, which a phone's camera opens.
  expect(html).toContain(await doorQrSvg('https://kort.example.ru', '0427'));
  // Nothing from another origin: the kiosk shows it with the club's internet down.
  expect(html).not.toMatch(/<(link|script|img)[^>]+(src|href)="(https?:)?\/\//);

  // Awaited as an event, not slept for; not before expiry (judged by the API clock, measured to within
  // half a round trip).
  expect(await cleared).toBeGreaterThanOrEqual(expiresAt - 250);
  expect(await (await fetch(new URL('state.json', base))).json()).toMatchObject({ display: null });
  expect(await (await fetch(base)).text()).toContain('Код появится здесь');
  expect((await fetch(new URL('other', base))).status).toBe(404);
});

test("the door display carries Kort's mark and answers the browser's favicon requests", async () => {
  const { agent } = await agentWith();
  const base = agent.display.url;
  const html = await (await fetch(base)).text();
  expect(html).toContain('<link rel="icon" href="/favicon.svg"');
  expect(html).toMatch(/<div class="brand"[^>]*><svg[^>]*viewBox="0 0 512 512"/);
  const ico = await fetch(new URL('favicon.ico', base));
  expect(ico.status).toBe(200);
  expect(ico.headers.get('content-type')).toBe('image/vnd.microsoft.icon');
  // An ICO header (reserved 0, type 1) with one image inside.
  expect([...new Uint8Array(await ico.arrayBuffer()).subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
  const svg = await fetch(new URL('favicon.svg', base));
  expect(svg.headers.get('content-type')).toBe('image/svg+xml');
  expect(await svg.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
});

test('the door page runs no inline script: its script is a file, under a CSP that allows only our own', async () => {
  const { agent } = await agentWith();
  const base = agent.display.url;
  const page = await fetch(base);
  const html = await page.text();
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  // Every <script> on the page has a src: an inline one would be blocked by the CSP above.
  const scripts = html.match(/<script[^>]*>/g) ?? [];
  expect(scripts).toEqual(['<script src="/display.js">']);
  const script = await fetch(new URL('display.js', base));
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(await script.text()).toContain("fetch('/state.json'");
});

test('stop() leaves every relay off, tells the API, and closes the display', async () => {
  const { agent, driver } = await agentWith();
  await eventually(() => server.agent());
  await send(command('door.hold', 'door'));
  await send(command('light.on', 'light'));
  await send(command('shelf.open', 'shelf-5'));
  expect(allOff(driver.states())).toBe(false);

  await agent.stop();
  expect(allOff(driver.states())).toBe(true);
  await eventually(() =>
    expect(
      server.events
        .filter(({ event, payload }) => event === 'relay.changed' && !(payload as { on: boolean }).on)
        .map(({ payload }) => (payload as { device: string }).device)
        .sort(),
    ).toEqual(['door', 'light', 'shelf-5']),
  );
  await expect(fetch(agent.display.url)).rejects.toThrow();
  expect(agent.connected()).toBe(false);
});
