import { createHash } from 'node:crypto';
import {
  type AdminAgentSite,
  type AgentUpdateState,
  ROLLOUT_HALT_SHARE,
  type RolloutProgress,
  type RolloutState,
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

/** The version the site's agent should run: the rollout's, or the release before it (null: none). */
export function targetOf(rollout: RolloutRow | null, site: FleetSite): string | null {
  if (!rollout) return null;
  return reaches(rollout, site) ? rollout.version : rollout.previous_version;
}

export function stateOf(site: FleetSite, target: string | null): AgentUpdateState {
  if (target === null || site.agent_version === target) return 'current';
  if (site.update_version === target && (site.update_state === 'refused' || site.update_state === 'rolled-back'))
    return site.update_state;
  return 'pending';
}

export function progressOf(rollout: RolloutRow, sites: FleetSite[]): RolloutProgress {
  const progress: RolloutProgress = { target: 0, current: 0, pending: 0, installing: 0, refused: 0, rolled_back: 0 };
  for (const site of sites) {
    if (!reaches(rollout, site) && !(rollout.state === 'halted' && stateOf(site, rollout.version) !== 'pending'))
      continue;
    progress.target++;
    const state = stateOf(site, rollout.version);
    if (state === 'rolled-back') progress.rolled_back++;
    else if (state === 'refused') progress.refused++;
    else if (state === 'current') progress.current++;
    else progress.pending++;
  }
  return progress;
}

export function siteView(site: FleetSite, target: string | null, reasonText: (why: string) => string): AdminAgentSite {
  const state = stateOf(site, target);
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

export type StageVerdict =
  { kind: 'wait' } | { kind: 'halt'; reason: string } | { kind: 'advance'; percent: number } | { kind: 'complete' };

/**
 * What a running rollout does next: halt when more than ROLLOUT_HALT_SHARE of the sites it reached
 * rolled back; move to the next stage (or complete) once every reached agent that is online runs
 * the version and has been healthy `stageMs` (agents offline do not hold the fleet back, refusals
 * and rollbacks neither: they are counted for the halt); wait otherwise.
 */
export function judgeStage(rollout: RolloutRow, sites: FleetSite[], now: number, stageMs: number): StageVerdict {
  if (rollout.state !== 'running') return { kind: 'wait' };
  const reached = sites.filter((site) => reaches(rollout, site));
  const rolledBack = reached.filter((site) => stateOf(site, rollout.version) === 'rolled-back').length;
  if (reached.length > 0 && rolledBack / reached.length > ROLLOUT_HALT_SHARE) {
    const share = Math.round((rolledBack / reached.length) * 100);
    return {
      kind: 'halt',
      reason: `Откатились ${rolledBack} из ${reached.length} агентов этапа ${rollout.percent} % (${share} %)`,
    };
  }
  const stageStart = rollout.stage_started_at.getTime();
  const healthy = (site: FleetSite) => {
    const state = stateOf(site, rollout.version);
    if (state === 'refused' || state === 'rolled-back' || !site.online) return true;
    if (state !== 'current') return false;
    const since = Math.max(site.healthy_since?.getTime() ?? stageStart, stageStart);
    return since <= now - stageMs;
  };
  if (!reached.every(healthy)) return { kind: 'wait' };
  const next = rollout.stages.find((stage) => stage > rollout.percent);
  return next === undefined || rollout.percent >= 100 ? { kind: 'complete' } : { kind: 'advance', percent: next };
}
