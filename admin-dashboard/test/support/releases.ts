import type { AdminAgentRelease, AdminAgentSite, AdminRollout } from '@kort/contracts';

/** A release as the agent-releases resource answers it, not rolled out unless told. */
export const release = (version: string, change: Partial<AdminAgentRelease> = {}): AdminAgentRelease => ({
  id: version,
  version,
  min_api_version: '1.0.0',
  platforms: ['linux-arm64', 'linux-x64'],
  size: 13_002_342,
  sha256: 'a3f9c2d41b7e08f6c5d2e1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0',
  uploaded_at: '2026-11-24T09:30:00.000Z',
  uploaded_by: 'Ольга Смирнова',
  rollout: null,
  ...change,
});

/** A rollout at 25 % of the default stages, 3 of its 12 sites on the new version. */
export const rollout = (change: Partial<AdminRollout> = {}): AdminRollout => ({
  state: 'running',
  percent: 25,
  stages: [5, 25, 50, 100],
  site_ids: null,
  force: false,
  started_at: '2026-11-24T10:00:00.000Z',
  stage_started_at: '2026-11-24T12:00:00.000Z',
  halted_reason: null,
  previous_version: '1.4.2',
  progress: { target: 12, current: 3, pending: 6, installing: 1, refused: 1, rolled_back: 1 },
  ...change,
});

/** One site's agent as a rollout sees it. */
export const agentSite = (id: string, change: Partial<AdminAgentSite> = {}): AdminAgentSite => ({
  site_id: id,
  site_name: `Корт ${id}`,
  version: '1.4.2',
  target: '1.5.0',
  state: 'pending',
  reason: null,
  updated_at: '2026-11-24T12:05:00.000Z',
  online: true,
  ...change,
});
