import { Logger } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { Registry } from 'prom-client';
import { MetricsService } from '../metrics/metrics.service';
import {
  AGENT_CONNECTS_AT_FIRST,
  AGENT_CONNECTS_PER_SECOND,
  AGENT_UPGRADES_PER_SECOND,
  AgentAdmission,
  DEFERRING_HOLD_MS,
} from './agent-admission';

const agent = { url: '/socket.io/?client=agent&EIO=4&transport=websocket' } as IncomingMessage;
const dashboard = { url: '/socket.io/?EIO=4&transport=websocket' } as IncomingMessage;

function gate() {
  const clock = { ms: 0 };
  const registry = new Registry();
  const admission = new AgentAdmission(new MetricsService(registry));
  admission.now = () => clock.ms;
  const takes = (n: number) => Array.from({ length: n }, () => admission.take());
  const upgrades = (n: number, request = agent) =>
    Array.from({ length: n }, () => {
      let allowed: boolean | undefined;
      admission.allowRequest(request, (_error, ok) => (allowed = ok));
      return allowed;
    });
  const deferred = async () =>
    (await registry.getSingleMetric('kort_agent_connects_deferred_total')!.get()).values[0]?.value ?? 0;
  return { admission, clock, takes, upgrades, deferred };
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('takes a few agents at first, then its rate a second, and defers the rest', async () => {
  const { admission, clock, takes, deferred } = gate();
  expect(takes(AGENT_CONNECTS_AT_FIRST + 1)).toEqual([...Array<boolean>(AGENT_CONNECTS_AT_FIRST).fill(true), false]);
  clock.ms = 1_000; // a second later: a second's worth, never more
  expect(takes(AGENT_CONNECTS_PER_SECOND + 3).filter(Boolean)).toHaveLength(AGENT_CONNECTS_PER_SECOND);
  clock.ms = 1_200; // a fifth of a second: a fifth of the rate
  expect(takes(AGENT_CONNECTS_PER_SECOND).filter(Boolean)).toHaveLength(AGENT_CONNECTS_PER_SECOND / 5);
  expect(await deferred()).toBe(1 + 3 + (AGENT_CONNECTS_PER_SECOND * 4) / 5);
  admission.onModuleDestroy();
});

test('upgrades pass untouched until an agent with a good token is deferred, then at their own rate while it lasts', () => {
  const { admission, clock, takes, upgrades } = gate();
  // Nobody deferred yet: however many agents knock (a guesser too), their upgrades pass.
  expect(upgrades(200).every(Boolean)).toBe(true);
  takes(AGENT_CONNECTS_AT_FIRST + 1); // the rate is used up by good tokens: deferring
  clock.ms = 1_000;
  expect(upgrades(AGENT_UPGRADES_PER_SECOND + 10).filter(Boolean)).toHaveLength(AGENT_UPGRADES_PER_SECOND);
  // Dashboards and players are never held at the upgrade.
  expect(upgrades(50, dashboard).every(Boolean)).toBe(true);
  // The deferring ends DEFERRING_HOLD_MS after the last good token deferred: refused upgrades do not prolong it.
  clock.ms = DEFERRING_HOLD_MS + 1;
  expect(upgrades(200).every(Boolean)).toBe(true);
  admission.onModuleDestroy();
});

test('a burst of deferrals is two log lines: when it starts, and how many after a while', () => {
  jest.useFakeTimers();
  const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  const messages = () => warnings.mock.calls.map((call): unknown => call[1]);
  const { admission, takes } = gate();
  takes(40);
  expect(messages()).toEqual([
    'agents connecting faster than this replica takes them: the others are deferred and retry with their backoff',
  ]);
  jest.advanceTimersByTime(10_000);
  expect(messages()).toEqual([expect.any(String), 'agent connections deferred']);
  expect(warnings.mock.calls[1]![0]).toEqual({ deferred: 40 - AGENT_CONNECTS_AT_FIRST, seconds: 10 });
  admission.onModuleDestroy();
  expect(warnings).toHaveBeenCalledTimes(2);
});
