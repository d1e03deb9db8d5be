import { getRepositoryToken } from '@nestjs/typeorm';
import { io } from 'socket.io-client';
import { agentTokenHash } from '@kort/contracts/schedule-crypto';
import { seedNewSite } from '../../src/database/seed';
import { AgentTokens } from '../../src/devices/agent-tokens';
import { Site } from '../../src/sites/site.entity';
import { EDGE_CLIENT_QUERY, EDGE_REFUSALS } from '@kort/contracts';
import {
  AGENT_CONNECTS_AT_FIRST,
  AGENT_CONNECTS_PER_SECOND,
  AGENT_UPGRADES_PER_SECOND,
  AgentAdmission,
} from '../../src/devices/agent-admission';
import { EDGE_REFUSALS_PER_WINDOW } from '../../src/devices/edge-handshakes';
import { AGENT_TOKEN } from '../support/agents';
import { captureLogLines } from '../support/log-lines';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait';

// /edge refuses guessers cheaply: past a few refusals an address is refused
// without a token check, token checks do not query the database each time, and a burst is two log
// lines. Addresses are the clients' behind the trusted proxy (loopback here, as nginx would be).
// Several clubs may share one address (a carrier's NAT): a token that has connected before is
// checked whatever its address's count (docs/decisions/0073-agents-behind-one-address.md).
// Its own database: a second club's site row is inserted.

const lines: string[] = [];
let api: TestApp;
let base: string;
beforeAll(async () => {
  captureLogLines(lines);
  api = await startTestApp({ LOG_LEVEL: 'info' }, undefined, { ownDatabase: true });
  base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await api.close();
  jest.restoreAllMocks();
});

/**
 * One handshake on /edge from `client` (as the proxy reports it): 'connected' or the refusal. `asAgent`:
 * with the agent's query, as the edge agent connects.
 */
function handshake(
  client: string,
  token: string,
  { asAgent = false, site = 'default' }: { asAgent?: boolean; site?: string } = {},
): Promise<string> {
  const socket = io(`${base}/edge`, {
    auth: { site, token },
    ...(asAgent && { query: EDGE_CLIENT_QUERY }),
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
  // Throttled: the right token, never seen connecting yet, is refused from that address now, unchecked
  // (it cannot be told from a guess; the third test has the tokens that have connected before).
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

test('agents with a good token past the connect rate are told busy, then held at the upgrade, and come back; a guesser uses none of it', async () => {
  // A guesser first, as an agent: wrong tokens are refused as such, before the rate is asked.
  for (let attempt = 0; attempt < 30; attempt += 1) {
    expect(await handshake('203.0.113.9', `guess-${attempt}-0123456789abcdef`, { asAgent: true })).toBe('unauthorized');
  }
  // The buckets' clock stands still while the bursts arrive, however slowly a loaded machine serves
  // them: what is taken and deferred is the rate's doing, not the machine's speed.
  const admission = api.app.get(AgentAdmission);
  let now = performance.now();
  admission.now = () => now;
  const agents = '198.51.100.3';
  const answers = await Promise.all(
    Array.from({ length: AGENT_CONNECTS_PER_SECOND + 15 }, () => handshake(agents, AGENT_TOKEN, { asAgent: true })),
  );
  const connected = answers.filter((answer) => answer === 'connected').length;
  const busy = answers.filter((answer) => answer === EDGE_REFUSALS.busy).length;
  // The replica took what its rate had room for (the guesser took none of it) and deferred the rest:
  // told busy after the token check, or, once it was deferring, held at the upgrade.
  expect(connected).toBeGreaterThanOrEqual(AGENT_CONNECTS_AT_FIRST);
  expect(busy).toBeGreaterThan(0);
  const upgradeHeld = answers.filter((answer) => answer === 'websocket error').length;
  expect(connected + busy + upgradeHeld).toBe(answers.length);

  // Deferring now: a second burst of agents meets the upgrade's own rate first (an HTTP 400, no handshake).
  const held = await Promise.all(
    Array.from({ length: AGENT_UPGRADES_PER_SECOND + 15 }, () => handshake(agents, AGENT_TOKEN, { asAgent: true })),
  );
  expect(held.filter((answer) => answer === 'websocket error').length).toBeGreaterThan(0);
  // Players and dashboards are never held: a handshake without the agent's query is answered by /edge.
  expect(await handshake('198.51.100.4', 'not-an-agent-token-0123456789')).toBe('unauthorized');

  const deferred = answers.length + held.length - [...answers, ...held].filter((a) => a === 'connected').length;
  const metrics = await (await fetch(`${base}/metrics`)).text();
  expect(metrics).toContain(`kort_agent_connects_deferred_total ${deferred}`);
  expect(lines.filter((line) => line.includes('agents connecting faster than this replica'))).toHaveLength(1);

  // The agent's retry (its backoff's wait) gets in once the rate has room again.
  let answer = '';
  for (let retry = 0; retry < 30 && answer !== 'connected'; retry += 1) {
    answer = await handshake(agents, AGENT_TOKEN, { asAgent: true });
    now += 100; // the backoff's wait, on the buckets' clock
  }
  expect(answer).toBe('connected');
  // The buckets' clock runs again, on from where it stood.
  const [stoodAt, resumedAt] = [now, performance.now()];
  admission.now = () => stoodAt + (performance.now() - resumedAt);
});

/** A handshake that, told `busy` (the replica's connect rate), retries as the agent does with its backoff. */
async function handshakeLikeAgent(client: string, token: string, site = 'default'): Promise<string> {
  let answer = '';
  await waitFor(async () => (answer = await handshake(client, token, { site })) !== EDGE_REFUSALS.busy);
  return answer;
}

test('clubs behind one address: a guesser there is throttled, a token that has connected before still connects, a new one waits', async () => {
  const nat = '100.64.0.7'; // a carrier's NAT: every club behind it comes from this one address
  const newSite = 'behind-nat';
  const newToken = 'behind-nat-agent-token-0123456789abcdef';
  await api.db.query(
    `INSERT INTO sites (id, name, slug, timezone, token_hash) VALUES ($1, 'За NAT', $1, 'Europe/Moscow', $2)`,
    [newSite, agentTokenHash(newToken)],
  );
  await seedNewSite(api.db, newSite);
  const tokens = api.app.get(AgentTokens);
  const checks = jest.spyOn(tokens, 'authenticate');
  const checked = (token: string) => checks.mock.calls.filter(([, presented]) => presented === token).length;
  const guessesChecked = () =>
    checks.mock.calls.filter(([, presented]) => String(presented).startsWith('nat-guess-')).length;

  // The default club's agent is connected from there; then a guesser there starts.
  expect(await handshakeLikeAgent(nat, AGENT_TOKEN)).toBe('connected');
  for (let attempt = 0; attempt < 40; attempt += 1) {
    expect(await handshake(nat, `nat-guess-${attempt}-0123456789abcdef`)).toBe('unauthorized');
  }
  // The address is throttled: only its first refusals were checked.
  expect(guessesChecked()).toBe(EDGE_REFUSALS_PER_WINDOW);

  // The club's agent behind the same address is checked and let in, and again after a drop.
  expect(await handshakeLikeAgent(nat, AGENT_TOKEN)).toBe('connected');
  expect(await handshakeLikeAgent(nat, AGENT_TOKEN)).toBe('connected');
  // The guesser is still refused, unchecked.
  expect(await handshake(nat, 'nat-guess-late-0123456789abcdef')).toBe('unauthorized');
  expect(guessesChecked()).toBe(EDGE_REFUSALS_PER_WINDOW);

  // A club whose agent never connected: its token cannot be told from a guess, so while the address
  // is throttled it is refused unchecked, and the agent retries with its backoff until the address's
  // window ends...
  expect(await handshake(nat, newToken, { site: newSite })).toBe('unauthorized');
  expect(checked(newToken)).toBe(0);
  // ...or until it has connected once from anywhere: from then on its address's count does not matter.
  expect(await handshakeLikeAgent('198.51.100.20', newToken, newSite)).toBe('connected');
  expect(await handshakeLikeAgent(nat, newToken, newSite)).toBe('connected');

  // A token replaced by the owner is proven no more: checked once, refused, then refused unchecked.
  await tokens.rekey(newSite, 'behind-nat-agent-token-replaced-0123456789');
  const before = checked(newToken);
  expect(await handshake(nat, newToken, { site: newSite })).toBe('unauthorized');
  expect(await handshake(nat, newToken, { site: newSite })).toBe('unauthorized');
  expect(checked(newToken)).toBe(before + 1);

  // The address's burst is still two log lines, and no token is ever logged.
  const atNat = lines.map((line) => JSON.parse(line) as { address?: string; msg: string });
  expect(atNat.filter((line) => line.address === nat).map((line) => line.msg)).toEqual([
    'agent refused: wrong site or token',
    'agent handshakes throttled: this address is refused unchecked until its window ends',
  ]);
  const logged = lines.join('');
  for (const secret of ['nat-guess-', newToken, AGENT_TOKEN]) expect(logged).not.toContain(secret);
});
