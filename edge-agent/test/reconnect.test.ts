import { loadAgentConfig } from '../src/config';
import { DEFAULT_BACKOFF, fullJitterDelay } from '../src/transport/backoff';
import { startEdgeServer, type EdgeServer } from './support/edge-server';
import { eventually } from './support/helpers';
import { startTestAgent } from './support/test-agent';

/** The waits the agent logged before each of its retries, in order. */
const waitsOf = (logger: { entries(): Record<string, unknown>[] }) =>
  logger
    .entries()
    .map((entry) => entry.retryInMs)
    .filter((wait): wait is number => typeof wait === 'number');

describe('full-jitter backoff', () => {
  test('each wait lies in [0, min(cap, base·2^attempt)): the window doubles from the base up to the cap', () => {
    const policy = { baseMs: 1000, capMs: 30_000 };
    const windows = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000];
    windows.forEach((window, attempt) => {
      expect(fullJitterDelay(attempt, policy, () => 0)).toBe(0);
      expect(fullJitterDelay(attempt, policy, () => 0.999_999)).toBe(window - 1);
      for (let i = 0; i < 200; i++) {
        const wait = fullJitterDelay(attempt, policy);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThan(window);
        expect(Number.isInteger(wait)).toBe(true);
      }
    });
    // However many tries failed, the wait stays under the cap (2^attempt overflowing included).
    expect(fullJitterDelay(5000, policy, () => 0.5)).toBe(15_000);
    expect(fullJitterDelay(40, { baseMs: 1000, capMs: 60_000 }, () => 0.999_999)).toBe(59_999);
  });

  test('a thousand agents that lost the API at once spread their tries over the whole window', () => {
    const window = DEFAULT_BACKOFF.capMs;
    const tenths = new Array<number>(10).fill(0);
    for (let agent = 0; agent < 1000; agent++)
      tenths[Math.floor(fullJitterDelay(12, DEFAULT_BACKOFF) / (window / 10))]! += 1;
    // About 100 in each tenth. socket.io's own curve (±50 % around the window) would leave the first
    // quarter empty, so the fleet would come back as one wave.
    expect(Math.min(...tenths)).toBeGreaterThan(50);
  });

  test('the configuration: 1 s and 30 s by default, the cap settable between 30 and 60 s only', () => {
    expect(loadAgentConfig({ EDGE_AGENT_TOKEN: 't' }, [])).toMatchObject({
      reconnectBaseMs: 1000,
      reconnectCapMs: 30_000,
    });
    expect(
      loadAgentConfig({ EDGE_AGENT_TOKEN: 't', RECONNECT_CAP_MS: '60000', RECONNECT_BASE_MS: '500' }, []),
    ).toMatchObject({ reconnectBaseMs: 500, reconnectCapMs: 60_000 });
    for (const cap of ['5000', '90000'])
      expect(() => loadAgentConfig({ EDGE_AGENT_TOKEN: 't', RECONNECT_CAP_MS: cap }, [])).toThrow(
        'RECONNECT_CAP_MS must be a number of milliseconds (30000-60000)',
      );
  });
});

describe('an API that goes away and comes back', () => {
  const servers: EdgeServer[] = [];
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
    await Promise.all(servers.splice(0).map((server) => server.close().catch(() => undefined)));
  });

  test('the agent retries within the doubling windows, reconnects at the same address and starts over', async () => {
    const first = await startEdgeServer();
    servers.push(first);
    const { agent, logger } = await startTestAgent(first, { RECONNECT_BASE_MS: '100' });
    stops.push(() => agent.stop());
    await eventually(() => expect(first.snapshots).toHaveLength(1));

    // The API process is gone: connections refused at its address.
    await first.close();
    servers.splice(0);
    await eventually(() => expect(waitsOf(logger).length).toBeGreaterThanOrEqual(4), 10_000);
    expect(agent.connected()).toBe(false);

    const back = await startEdgeServer({ port: first.port });
    servers.push(back);
    await eventually(() => expect(back.snapshots).toHaveLength(1), 15_000);
    expect(agent.connected()).toBe(true);
    // The drop's retry, then one per refused try: try i waits less than min(cap, 100 ms · 2^i).
    const waits = waitsOf(logger);
    waits.forEach((wait, attempt) => {
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThan(Math.min(30_000, 100 * 2 ** attempt));
    });
    expect(logger.entries().filter((entry) => entry.msg === 'cannot reach the API, retrying').length).toBe(
      waits.length - 1,
    );

    // Connected again, the count starts over: the next drop's first retry is within the base window.
    back.agent().disconnect(true);
    await eventually(() => expect(back.snapshots).toHaveLength(2), 5000);
    const [afterDrop] = waitsOf(logger).slice(waits.length);
    expect(afterDrop).toBeLessThan(100);
    expect(back.handshakes.every((handshake) => handshake.site === first.handshakes[0]!.site)).toBe(true);
  });

  test('an API taking other agents first (busy) is retried with the backoff and logged as info, not as an error', async () => {
    const server = await startEdgeServer();
    servers.push(server);
    server.busyFor(3);
    const { agent, logger } = await startTestAgent(server, { RECONNECT_BASE_MS: '100' });
    stops.push(() => agent.stop());
    await eventually(() => expect(server.snapshots).toHaveLength(1), 10_000);
    expect(server.handshakes).toHaveLength(4);
    const busy = logger.entries().filter((entry) => entry.msg === 'the API is taking other agents first; retrying');
    expect(busy).toHaveLength(3);
    expect(busy.every((entry) => entry.level === 'info' && typeof entry.retryInMs === 'number')).toBe(true);
    expect(logger.entries().filter((entry) => entry.level === 'error')).toEqual([]);
  });
});
