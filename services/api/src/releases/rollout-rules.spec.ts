import { UPDATE_REASONS } from '@kort/contracts';
import { bucketOf, type FleetSite, judgeStage, progressOf, type RolloutRow, siteView, targetOf } from './rollout-rules';

const STAGE_START = new Date('2027-03-01T10:00:00Z');
const rollout = (change: Partial<RolloutRow> = {}): RolloutRow => ({
  version: '1.2.0',
  state: 'running',
  percent: 100,
  stages: [5, 25, 50, 100],
  site_ids: null,
  force: false,
  previous_version: '1.1.0',
  started_at: STAGE_START,
  stage_started_at: STAGE_START,
  halted_reason: null,
  ...change,
});
const site = (id: string, change: Partial<FleetSite> = {}): FleetSite => ({
  id,
  name: id,
  online: true,
  last_seen_at: STAGE_START,
  agent_version: '1.1.0',
  update_version: null,
  update_state: null,
  why: null,
  detail: null,
  healthy_since: null,
  updated_at: null,
  ...change,
});
const minutes = (n: number) => STAGE_START.getTime() + n * 60_000;
const proven = (id: string, at = STAGE_START) =>
  site(id, {
    agent_version: '1.2.0',
    update_version: '1.2.0',
    update_state: 'current',
    healthy_since: at,
    updated_at: at,
  });
const rolledBack = (id: string, at: Date) =>
  site(id, { update_version: '1.2.0', update_state: 'rolled-back', why: 'health', updated_at: at });

test('a site keeps its place as the percent grows, and each release picks its own', () => {
  const ids = Array.from({ length: 1000 }, (_, i) => `site-${i}`);
  const inFirst = ids.filter((id) => bucketOf('1.2.0', id) < 5);
  expect(inFirst.length).toBeGreaterThan(20);
  expect(inFirst.length).toBeLessThan(80);
  expect(inFirst.every((id) => bucketOf('1.2.0', id) < 25)).toBe(true);
  expect(ids.filter((id) => bucketOf('1.3.0', id) < 5)).not.toEqual(inFirst);
});

test('an agent on the new version is installing until it reports it proven; then the stage waits its minutes', () => {
  const onTrial = site('a', { agent_version: '1.2.0' });
  expect(progressOf(rollout(), [onTrial])).toMatchObject({ target: 1, installing: 1, current: 0 });
  expect(judgeStage(rollout(), [onTrial], minutes(60), 0)).toEqual({ kind: 'wait' });
  expect(judgeStage(rollout(), [proven('a', new Date(minutes(5)))], minutes(20), 30 * 60_000)).toEqual({
    kind: 'wait',
  });
  expect(judgeStage(rollout(), [proven('a', new Date(minutes(5)))], minutes(35), 30 * 60_000)).toEqual({
    kind: 'complete',
  });
  expect(judgeStage(rollout({ percent: 5 }), [proven('a')], minutes(1), 0)).toEqual({ kind: 'advance', percent: 25 });
});

test('an agent that dropped off during the stage (restarting into it) holds the stage for a while; one gone before does not', () => {
  const restarting = site('a', { online: false, last_seen_at: new Date(minutes(1)) });
  expect(judgeStage(rollout(), [restarting, proven('b')], minutes(2), 0)).toEqual({ kind: 'wait' });
  expect(judgeStage(rollout(), [restarting, proven('b')], minutes(12), 0)).toEqual({ kind: 'complete' });
  const goneBefore = site('c', { online: false, last_seen_at: new Date(minutes(-60)) });
  expect(judgeStage(rollout(), [goneBefore, proven('b')], minutes(2), 0)).toEqual({ kind: 'complete' });
});

test('more than 10 % rolled back during the stage halts it; rollbacks from before the stage (a resume) do not', () => {
  const sites = [rolledBack('a', new Date(minutes(1))), ...Array.from({ length: 8 }, (_, i) => proven(`p${i}`))];
  expect(judgeStage(rollout(), sites, minutes(2), 0)).toEqual({
    kind: 'halt',
    reason: 'Откатились 1 из 9 агентов этапа 100\u00a0% (11\u00a0%)',
  });
  const resumed = rollout({ stage_started_at: new Date(minutes(3)) });
  expect(judgeStage(resumed, sites, minutes(4), 0)).toEqual({ kind: 'complete' });
});

test('a site that rolled the version back is not offered it again, and its page keeps why', () => {
  const back = { ...rolledBack('a', new Date(minutes(1))), detail: 'реле не отвечают' };
  expect(targetOf(rollout(), back)).toBe('1.1.0');
  expect(targetOf(rollout(), site('b'))).toBe('1.2.0');
  expect(siteView(back, rollout(), '1.2.0')).toMatchObject({
    target: '1.1.0',
    state: 'rolled-back',
    reason: `${UPDATE_REASONS.health} (реле не отвечают)`,
  });
  // A halt keeps the new version where it runs and sends everyone else back to the one before.
  const halted = rollout({ state: 'halted' });
  expect([targetOf(halted, proven('c')), targetOf(halted, site('d'))]).toEqual(['1.2.0', '1.1.0']);
  expect(targetOf(rollout({ state: 'rolled-back' }), proven('c'))).toBe('1.1.0');
});
