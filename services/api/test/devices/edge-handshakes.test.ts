import { getRepositoryToken } from '@nestjs/typeorm';
import { io } from 'socket.io-client';
import { Site } from '../../src/sites/site.entity';
import { EDGE_REFUSALS_PER_WINDOW } from '../../src/devices/edge-handshakes';
import { AGENT_TOKEN } from '../support/agents';
import { captureLogLines } from '../support/log-lines';
import { startTestApp, type TestApp } from '../support/test-app';

// /edge refuses guessers cheaply: past a few refusals an address is refused
// without a token check, token checks do not query the database each time, and a burst is two log
// lines. Addresses are the clients' behind the trusted proxy (loopback here, as nginx would be).

const lines: string[] = [];
let api: TestApp;
let base: string;
beforeAll(async () => {
  captureLogLines(lines);
  api = await startTestApp({ LOG_LEVEL: 'info' });
  base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await api.close();
  jest.restoreAllMocks();
});

/** One handshake on /edge from `client` (as the proxy reports it): 'connected' or the refusal. */
function handshake(client: string, token: string): Promise<string> {
  const socket = io(`${base}/edge`, {
    auth: { site: 'default', token },
    extraHeaders: { 'X-Forwarded-For': client },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

test('a guesser is refused unchecked after a few tries, in two log lines, without a query per try; the agent elsewhere connects', async () => {
  const lookups = jest.spyOn(api.app.get(getRepositoryToken(Site)), 'findOne');
  const guesser = '203.0.113.7';
  for (let attempt = 0; attempt < 40; attempt += 1) {
    expect(await handshake(guesser, `guess-${attempt}-0123456789abcdef`)).toBe('unauthorized');
  }
  // Throttled: even the right token from that address is refused now, without being checked.
  expect(await handshake(guesser, AGENT_TOKEN)).toBe('unauthorized');
  // The site's token hash was read once (then cached), not once per guess.
  expect(lookups).toHaveBeenCalledTimes(1);

  const refusals = lines.filter((line) => line.includes('agent refused'));
  const throttled = lines.filter((line) => line.includes('agent handshakes throttled'));
  expect(refusals).toHaveLength(1);
  expect(throttled).toHaveLength(1);
  expect(JSON.parse(throttled[0]!)).toMatchObject({ address: guesser, refused: EDGE_REFUSALS_PER_WINDOW });
  // A guess is never logged.
  expect(lines.join('')).not.toContain('guess-');

  // The club's agent, at its own address behind the same proxy, is not held up by the guesser.
  expect(await handshake('198.51.100.2', AGENT_TOKEN)).toBe('connected');
});
