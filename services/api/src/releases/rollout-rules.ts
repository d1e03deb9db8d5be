import { createHash } from 'node:crypto';
import {
  type AdminAgentSite,
  type AgentUpdateState,
  ROLLOUT_HALT_SHARE,
  type RolloutProgress,
  type RolloutState,
  UPDATE_REASONS,
} from '@kort/contracts';

/**
 * The rules of a staged rollout (docs/decisions/0106-staged-rollouts.md), as pure functions of the
 * rollout's row and the sites' rows: which sites a stage reaches, what each site's agent should run,
 * where it is, and whether the stage may move on or must halt.
 */

export interface RolloutRow {
  version: string;
  state: RolloutState;
  percent: number;
  stages: number[];
  site_ids: string[] | null;
  force: boolean;
  previous_version: string | null;
  started_at: Date;
  stage_started_at: Date;
  halted_reason: string | null;
}

export interface FleetSite {
  id: string;
  name: string;
  online: boolean;
  /** When the API last heard the agent (an offline one: when it dropped). */
  last_seen_at: Date | null;
  /** What the agent last said it runs. */
  agent_version: string | null;
  /** The last update report: its version, and what came of it. */
  update_version: string | null;
  update_state: 'current' | 'refused' | 'rolled-back' | null;
  why: string | null;
  detail: string | null;
  healthy_since: Date | null;
  updated_at: Date | null;
}

/**
 * Where a site falls in a release's rollout, 0-99: a hash of the version and the site, so each
 * release picks its own first 5 % and a site keeps its place as the percent grows.
 */
export function bucketOf(version: string, siteId: string): number {
  return createHash('sha256').update(`${version}\n${siteId}`).digest().readUInt32BE(0) % 100;
}

/** Whether the rollout takes `site` to its version now. */
export function reaches(rollout: RolloutRow, site: FleetSite): boolean {
  if (rollout.site_ids && !rollout.site_ids.includes(site.id)) return false;
  switch (rollout.state) {
    case 'rolled-back':
      return false;
    case 'halted':
      // A halt stops the rollout where it is: who runs the new version keeps it, nobody else gets it.
      return site.agent_version === rollout.version;
    case 'running':
    case 'complete':
      return bucketOf(rollout.version, site.id) < rollout.percent;
  }
}

/**
 * The version the site's agent should run: the rollout's, or the release before it (null: none).
 * A site whose agent rolled the rollout's version back (it failed its health check there) is not
 * offered it again, by a later stage or a resume: it would switch its door's hardware back and
 * forth every few minutes. A newer release is its next chance.
 */
export function targetOf(rollout: RolloutRow | null, site: FleetSite): string | null {
  if (!rollout) return null;
  const failedHere = site.update_version === rollout.version && site.update_state === 'rolled-back';
  return reaches(rollout, site) && !failedHere ? rollout.version : rollout.previous_version;
}

/**
 * Where the site's agent is with `target`. `proving`: the target is a rollout's new version, which an
 * agent runs on trial until it reports update.installed (docs/decisions/0104-update-health-check.md):
 * until then it is `installing`, not `current`. A release returned to (a rollback's) is current once run.
 */
export function stateOf(site: FleetSite, target: string | null, proving = false): AgentUpdateState {
  if (target === null) return 'current';
  if (site.agent_version === target)
    return proving && !(site.update_version === target && site.update_state === 'current') ? 'installing' : 'current';
  if (site.update_version === target && (site.update_state === 'refused' || site.update_state === 'rolled-back'))
    return site.update_state;
  return 'pending';
}

export function progressOf(rollout: RolloutRow, sites: FleetSite[]): RolloutProgress {
  const progress: RolloutProgress = { target: 0, current: 0, pending: 0, installing: 0, refused: 0, rolled_back: 0 };
  for (const site of sites) {
    const state = stateOf(site, rollout.version, true);
    if (!reaches(rollout, site) && !(rollout.state === 'halted' && state !== 'pending')) continue;
    progress.target++;
    if (state === 'rolled-back') progress.rolled_back++;
    else if (state === 'refused') progress.refused++;
    else if (state === 'current') progress.current++;
    else if (state === 'installing') progress.installing++;
    else progress.pending++;
  }
  return progress;
}

/** An agent's reason (UPDATE_REASONS' key) in Russian; one the API does not know, as it came. */
export const reasonText = (why: string): string => UPDATE_REASONS[why as keyof typeof UPDATE_REASONS] ?? why;

/**
 * One site as the page of release `viewed` shows it: its target now (`rollout`: the rollout in force
 * that decides it) and where its agent is with it. A refusal or a rollback of `viewed` stays shown,
 * with its reason, once the rollout no longer offers it (halted, rolled back): the site is back on
 * the release before, and the operator still needs to see why.
 */
export function siteView(site: FleetSite, rollout: RolloutRow | null, viewed: string): AdminAgentSite {
  const target = targetOf(rollout, site);
  let state = stateOf(site, target, target !== null && target === rollout?.version);
  const ofViewed = stateOf(site, viewed);
  if (state === 'current' && (ofViewed === 'refused' || ofViewed === 'rolled-back')) state = ofViewed;
  const failed = state === 'refused' || state === 'rolled-back';
  return {
    site_id: site.id,
    site_name: site.name,
    version: site.agent_version,
    target,
    state,
    reason: failed && site.why ? `${reasonText(site.why)}${site.detail ? ` (${site.detail})` : ''}` : null,
    updated_at: site.updated_at?.toISOString() ?? null,
    online: site.online,
  };
}

/**
 * An agent that dropped off during the stage is most likely restarting into the version (or out of
 * it, failing its trial): it holds the stage this long, then no longer (a Pi switched off must not
 * hold the fleet). Its health window (5 minutes) and its reconnect backoff fit inside.
 */
export const RESTART_GRACE_MS = 10 * 60_000;

export type StageVerdict =
  { kind: 'wait' } | { kind: 'halt'; reason: string } | { kind: 'advance'; percent: number } | { kind: 'complete' };

/**
 * What a running rollout does next: halt when more than ROLLOUT_HALT_SHARE of the sites it reached
 * rolled back during this stage (since it began or was resumed: the rollbacks an operator resumed
 * over do not halt it again); move to the next stage (or complete) once every reached agent runs
 * the version, reported it proven (update.installed) and has been so `stageMs`; wait otherwise.
 * Agents offline since before the stage (or dropped more than RESTART_GRACE_MS ago) do not hold
 * the fleet back, refusals and rollbacks neither (they are counted for the halt).
 */
export function judgeStage(rollout: RolloutRow, sites: FleetSite[], now: number, stageMs: number): StageVerdict {
  if (rollout.state !== 'running') return { kind: 'wait' };
  const stageStart = rollout.stage_started_at.getTime();
  const reached = sites.filter((site) => reaches(rollout, site));
  const rolledBack = reached.filter(
    (site) =>
      stateOf(site, rollout.version) === 'rolled-back' && (site.updated_at?.getTime() ?? stageStart) >= stageStart,
  ).length;
  if (reached.length > 0 && rolledBack / reached.length > ROLLOUT_HALT_SHARE) {
    const share = Math.round((rolledBack / reached.length) * 100);
    return {
      kind: 'halt',
      reason: `Откатились ${rolledBack} из ${reached.length} агентов этапа ${rollout.percent}\u00a0% (${share}\u00a0%)`,
    };
  }
  const restarting = (site: FleetSite) => {
    const left = site.last_seen_at?.getTime() ?? -Infinity;
    return left >= stageStart && now - left < RESTART_GRACE_MS;
  };
  const healthy = (site: FleetSite) => {
    const state = stateOf(site, rollout.version, true);
    if (state === 'refused' || state === 'rolled-back') return true;
    if (!site.online && !restarting(site)) return true;
    // Running it is not enough: an agent on trial may still switch back.
    if (state !== 'current') return false;
    const since = Math.max(site.healthy_since?.getTime() ?? stageStart, stageStart);
    return since <= now - stageMs;
  };
  if (!reached.every(healthy)) return { kind: 'wait' };
  const next = rollout.stages.find((stage) => stage > rollout.percent);
  return next === undefined || rollout.percent >= 100 ? { kind: 'complete' } : { kind: 'advance', percent: next };
}
