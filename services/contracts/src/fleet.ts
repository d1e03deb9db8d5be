import { z } from 'zod';

/**
 * The fleet of agents: what a door or a Pi raises (alarms, alerts on the dashboard and in Telegram)
 * and how a new agent version reaches it (signed releases, staged rollouts). One home for the shapes
 * the agent, the API and the dashboard share.
 */

// ---------------------------------------------------------------------------------------------
// Alarms and alerts
// ---------------------------------------------------------------------------------------------

/**
 * What an agent raises on its own (through its outbox, so one raised offline arrives once after the
 * reconnect) and what the API raises about an agent (`agent.offline`).
 */
export const AGENT_ALARMS = [
  'door.held-open', // open longer than DOOR_HELD_OPEN_S after an entry
  'door.forced', // the sensor opened with no door command, PIN or exit button just before
  'tamper', // the tamper input (TAMPER_LINE) tripped
  'pi.temperature', // CPU ≥ 80 °C
  'pi.disk', // the state's file system ≥ 90 % full
  'pi.clock', // the Pi's clock ≥ 30 s from the API's
] as const;
export type AgentAlarm = (typeof AGENT_ALARMS)[number];

export const ALERT_KINDS = [...AGENT_ALARMS, 'agent.offline'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Where a Pi alarm starts: at or above these. */
export const PI_LIMITS = { temperatureC: 80, diskPercent: 90, clockDriftS: 30 } as const;

/** The Russian name of each alert, for the dashboard and the Telegram message. */
export const ALERT_TITLES: Record<AlertKind, string> = {
  'door.held-open': 'Дверь не закрыта',
  'door.forced': 'Дверь открыта без команды',
  tamper: 'Вскрытие корпуса',
  'pi.temperature': 'Перегрев Raspberry Pi',
  'pi.disk': 'Диск Raspberry Pi заполнен',
  'pi.clock': 'Часы Raspberry Pi расходятся',
  'agent.offline': 'Агент не на связи',
};

export const ALERT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** GET /api/admin/alerts (react-admin's `alerts` resource, site-scoped). */
export interface AdminAlert {
  id: number;
  site_id: string;
  kind: AlertKind;
  /** ALERT_TITLES[kind]. */
  title: string;
  /** One sentence with the figure when there is one («82 °C», «93 %», «открыта 75 с»). */
  detail: string;
  state: AlertState;
  raised_at: string;
  acknowledged_at: string | null;
  /** The admin's name. */
  acknowledged_by: string | null;
  resolved_at: string | null;
  /** Raised while the agent had no link to the API. */
  offline: boolean;
}

// ---------------------------------------------------------------------------------------------
// Releases and rollouts
// ---------------------------------------------------------------------------------------------

/** A version the fleet compares: MAJOR.MINOR.PATCH, with an optional pre-release tag. */
export const AGENT_VERSION_PATTERN = /^\d{1,5}\.\d{1,5}\.\d{1,5}(-[0-9A-Za-z.-]{1,40})?$/;
export const agentVersionSchema = z.string().regex(AGENT_VERSION_PATTERN, { error: 'Версия: 1.4.2' });

/** -1, 0 or 1; a pre-release sorts before its release (1.4.0-rc.1 < 1.4.0). */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const [core = '', pre] = v.split(/-(.*)/s, 2);
    return { nums: core.split('.').map(Number), pre };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** The platforms a bundle carries the native GPIO addon for. */
export const AGENT_PLATFORMS = ['linux-arm64', 'linux-x64'] as const;
export type AgentPlatform = (typeof AGENT_PLATFORMS)[number];

/**
 * `manifest.json` at the root of a bundle, signed as its exact bytes (`manifest.sig`: base64 Ed25519).
 * Every other file of the bundle is listed with its sha256; a file not listed, or listed and absent
 * or different, refuses the bundle (docs/decisions/0101-agent-bundle.md).
 */
export const releaseManifestSchema = z.object({
  format: z.literal(1),
  version: agentVersionSchema,
  /** The oldest API this agent works with. */
  minApiVersion: agentVersionSchema,
  createdAt: z.string().max(40),
  platforms: z.array(z.enum(AGENT_PLATFORMS)).min(1),
  /** Node's ABI the native addons were built for (process.versions.modules): the fleet's Node major. */
  nodeAbi: z.string().regex(/^\d{1,4}$/),
  files: z.record(
    z.string().max(400),
    z.object({
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      size: z.number().int().nonnegative(),
      mode: z.number().int(),
    }),
  ),
});
export type ReleaseManifest = z.infer<typeof releaseManifestSchema>;

/** The file names at a bundle's root beside `files/`. */
export const BUNDLE_MANIFEST = 'manifest.json';
export const BUNDLE_SIGNATURE = 'manifest.sig';

/** The default stages of a rollout, in percent of the sites it may reach. */
export const ROLLOUT_STAGES = [5, 25, 50, 100] as const;
/** A stage whose rolled-back share passes this halts the rollout by itself. */
export const ROLLOUT_HALT_SHARE = 0.1;

export const ROLLOUT_STATES = ['running', 'halted', 'complete', 'rolled-back'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/** PUT /api/admin/agent-releases/{version}/rollout */
export const rolloutBodySchema = z.object({
  /** Where the rollout goes now: a stage, or 0 with `halt`. Absent: the first stage. */
  percent: z.number().int().min(0).max(100).optional(),
  /** Only these sites (then `percent` is of them). */
  site_ids: z.array(z.string().min(1).max(64)).max(1000).optional(),
  /** Stages to climb after `percent` (each after the previous one is healthy); default ROLLOUT_STAGES. */
  stages: z.array(z.number().int().min(1).max(100)).max(10).optional(),
  /** Halt where it is (by hand). */
  halt: z.boolean().optional(),
  /** Resume a halted rollout. */
  resume: z.boolean().optional(),
  /** Back to the previous release, for every site. */
  rollback: z.boolean().optional(),
  /** Update even while a game is in its door window or under way. */
  force: z.boolean().optional(),
});
export type RolloutBody = z.infer<typeof rolloutBodySchema>;

/** Where one site's agent is with the rollout. */
export const AGENT_UPDATE_STATES = [
  'current', // runs the target
  'pending', // told, not started (waiting for its link, or for a game's door window to end)
  'installing', // downloading or proving itself
  'refused', // the bundle was refused (signature, a file, a downgrade, the API too old, the platform)
  'rolled-back', // installed and failed its health check, or did not start: back on the old one
] as const;
export type AgentUpdateState = (typeof AGENT_UPDATE_STATES)[number];

export const rolloutProgressSchema = z.object({
  /** Sites the rollout reaches at its current percent. */
  target: z.number().int(),
  current: z.number().int(),
  pending: z.number().int(),
  installing: z.number().int(),
  refused: z.number().int(),
  rolled_back: z.number().int(),
});
export type RolloutProgress = z.infer<typeof rolloutProgressSchema>;

export const adminRolloutSchema = z.object({
  state: z.enum(ROLLOUT_STATES),
  percent: z.number().int(),
  stages: z.array(z.number().int()),
  site_ids: z.array(z.string()).nullable(),
  force: z.boolean(),
  started_at: z.string(),
  stage_started_at: z.string(),
  /** Why it halted (by hand or by itself), in Russian. */
  halted_reason: z.string().nullable(),
  /** The release every site not reached keeps (and a rollback returns to); null when none came before. */
  previous_version: z.string().nullable(),
  progress: rolloutProgressSchema,
});
export type AdminRollout = z.infer<typeof adminRolloutSchema>;

/** One site's agent as a rollout sees it. */
export const adminAgentSiteSchema = z.object({
  site_id: z.string(),
  site_name: z.string(),
  /** What the agent last said it runs; null before it ever connected. */
  version: z.string().nullable(),
  target: z.string().nullable(),
  state: z.enum(AGENT_UPDATE_STATES),
  /** The refusal's or the rollback's reason, in Russian, with the agent's detail. */
  reason: z.string().nullable(),
  updated_at: z.string().nullable(),
  online: z.boolean(),
});
export type AdminAgentSite = z.infer<typeof adminAgentSiteSchema>;

/** GET /api/admin/agent-releases (react-admin's `agent-releases`; id is the version). */
export const adminAgentReleaseSchema = z.object({
  id: z.string(),
  version: z.string(),
  min_api_version: z.string(),
  platforms: z.array(z.enum(AGENT_PLATFORMS)),
  /** The bundle's size in bytes and its sha256 (hex). */
  size: z.number().int(),
  sha256: z.string(),
  uploaded_at: z.string(),
  uploaded_by: z.string().nullable(),
  rollout: adminRolloutSchema.nullable(),
  /** GET one: every site's agent as this release's rollout sees it (absent from the list). */
  sites: z.array(adminAgentSiteSchema).optional(),
});
export type AdminAgentRelease = z.infer<typeof adminAgentReleaseSchema>;

/** API → agent on connect and whenever it changes: the version the agent should run. */
export const releaseTargetSchema = z.object({
  version: agentVersionSchema,
  /** The bundle's sha256 (hex) and size: the agent resumes a partial download of the same bundle only. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().positive(),
  /** The API's own version (the manifest's minApiVersion is checked against it). */
  apiVersion: agentVersionSchema,
  force: z.boolean(),
});
export type ReleaseTarget = z.infer<typeof releaseTargetSchema>;

/** Why an agent refused a bundle or rolled back (update.refused / update.rolled-back `reason`). */
export const UPDATE_REASONS = {
  signature: 'Подпись пакета не сходится с ключом агента',
  file: 'Файл пакета не совпадает с манифестом',
  downgrade: 'Версия ниже установленной',
  api: 'Сервер старше, чем нужно этой версии',
  platform: 'В пакете нет сборки для этой платформы',
  download: 'Пакет не скачался',
  health: 'Новая версия не прошла проверку за 5 минут',
  crash: 'Новая версия не запустилась',
} as const;
export type UpdateReason = keyof typeof UPDATE_REASONS;
export const UPDATE_REASON_KEYS = Object.keys(UPDATE_REASONS) as [UpdateReason, ...UpdateReason[]];

/**
 * The fleet's refusals, in the dashboard's words: admin-only texts kept out of `messages` (messages.ts),
 * which the player app ships whole in its first script.
 */
export const fleetMessages = {
  bundleInvalid: 'Это не пакет агента: нужен файл, который собрал npm run agent:release',
  bundleUnsigned: 'Подпись пакета не сходится с ключом AGENT_UPDATE_PUBLIC_KEY',
  updatesOff: 'Обновления агентов выключены: в настройках сервера нет AGENT_UPDATE_PUBLIC_KEY',
  releaseExists: 'Эта версия уже загружена',
  releaseNotFound: 'Такой версии нет',
  rolloutBusy: 'Идёт выпуск другой версии: завершите его или откатите',
  noPreviousRelease: 'Откатывать некуда: до этой версии выпусков не было',
  alertNotFound: 'Тревоги с таким номером нет',
  agentRefused: 'Нужен токен агента этой площадки',
  alertAcknowledgeOnly: 'Тревогу можно только принять',
} as const;
