import { isAbsolute, resolve } from 'node:path';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { minutes, timezone, updatePublicKey } from './env-values';
import { cidrList, YOOKASSA_SENDERS, type YooKassaConfig } from './yookassa-config';

const DEV_SESSION_SECRET = 'kort-development-session-secret-change-me';

/** A folder given as an absolute path: a relative one would depend on where the process was started. */
const absolutePath = z.string().refine(isAbsolute, { error: 'must be an absolute path' });
const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** 'all', or a list proxy-addr (Express's trust proxy) compiles: loopback, uniquelocal, IPs, subnets. */
const accessList = () =>
  z.string().refine(
    (value) => {
      if (value === 'all') return true;
      try {
        proxyaddr.compile(value.split(',').map((entry) => entry.trim()));
        return true;
      } catch {
        return false;
      }
    },
    { error: "must be 'all' or addresses and subnets, comma-separated (loopback, uniquelocal, 10.0.0.0/8…)" },
  );

/** The push services' own hosts (FCM, Mozilla autopush, Apple, Windows): production's default PUSH_SERVICES. */
export const KNOWN_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** A host name with at least two labels, lowercase, optionally `*.` for its subdomains; no addresses, no ports. */
const PUSH_SERVICE_HOST = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const pushServices = z
  .string()
  .transform((value) => (value.trim() === 'any' ? 'any' : value.split(',').map((host) => host.trim().toLowerCase())))
  .refine((value) => value === 'any' || (value.length > 0 && value.every((host) => PUSH_SERVICE_HOST.test(host))), {
    error: "must be 'any' or host names, comma-separated (fcm.googleapis.com, *.push.apple.com…)",
  });

/**
 * Every setting of the API, read from the environment once at boot. Names and defaults are
 * fixed (README.md, "Configure it"): deployments and outside tests rely on them.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number (0-65535)' })
    .int({ error: 'must be a port number (0-65535)' })
    .min(0, { error: 'must be a port number (0-65535)' })
    .max(65535, { error: 'must be a port number (0-65535)' })
    .default(3000),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/kort'),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key and channel; unset: the install's own (install/install-identity.ts). */
  REDIS_PREFIX: z.string().optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).default('smtp://127.0.0.1:1025'),
  /** How long to wait for the mail server to connect and greet (sockets get twice as long). */
  SMTP_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).default(10_000),
  MAIL_FROM: z.string().min(3).default('Корт <no-reply@kort.local>'),
  PUBLIC_URL: url(['http:', 'https:']).default('http://localhost:3000'),
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SITE_TIMEZONE: timezone.default('Europe/Moscow'),
  /** Where the built web apps are (a container or a test puts them elsewhere); unset: the workspace's dist folders. */
  PLAYER_WEB_DIR: absolutePath.optional(),
  ADMIN_WEB_DIR: absolutePath.optional(),
  EDGE_AGENT_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** Deadline of light, shelf and display commands (door openings: queues.ts, COMMANDS). */
  COMMAND_DEADLINE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(500)
    .max(60_000)
    .optional(),
  /**
   * The door window of a game, online and offline alike: from this many
   * minutes before the start to this many after the end (0: the end of the game).
   */
  DOOR_OPENS_BEFORE_MIN: minutes(0, 120).default(15),
  DOOR_CLOSES_AFTER_MIN: minutes(0, 120).default(0),
  /**
   * No-shows: a game whose door was not opened this many minutes after its start is
   * released; NO_SHOW_LIMIT of them in 30 days pause the player's new bookings for
   * NO_SHOW_PAUSE_DAYS. Sport schools are exempt from the pause.
   */
  NO_SHOW_AFTER_MIN: minutes(5, 55).default(15),
  NO_SHOW_LIMIT: z.coerce.number({ error: 'must be a whole number from 1 to 10' }).int().min(1).max(10).default(2),
  NO_SHOW_PAUSE_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 1 to 60' })
    .int()
    .min(1)
    .max(60)
    .default(7),
  /** The light's rules, sent to the agent with the schedule. Unset: on when the game's door opens. */
  LIGHT_ON_BEFORE_MIN: minutes(0, 120).optional(),
  LIGHT_OFF_AFTER_MIN: minutes(0, 120).default(5),
  /** A light switched on by hand with no game goes off after this long. */
  LIGHT_MANUAL_MAX_MIN: minutes(1, 1440).default(120),
  /** An agent away from the API longer than this is an alert (`agent.offline`, alerts/agent-offline-check.ts). */
  AGENT_OFFLINE_ALERT_MIN: minutes(1, 1440).default(10),
  /** Agent releases (docs/decisions/0101, 0106): unset, no bundle is accepted; a stage's healthy minutes. */
  AGENT_UPDATE_PUBLIC_KEY: updatePublicKey.optional(),
  ROLLOUT_STAGE_MIN: minutes(0, 1440).default(30),
  /**
   * Which peers may set X-Forwarded-For (Express "trust proxy" syntax): the client IP behind the
   * per-IP limits. Only the reverse proxy's address belongs here; anything wider lets clients
   * pick their own IP.
   */
  TRUST_PROXY: z.string().min(1).default('loopback'),
  /**
   * Who may read `/metrics` and the API reference (`/api/docs`): `all`, or addresses in Express
   * "trust proxy" syntax (`loopback`, `uniquelocal`, IPs, subnets), matched against the client's
   * address as TRUST_PROXY reveals it. Anyone else gets a 404.
   */
  METRICS_ALLOW: accessList().default('loopback,uniquelocal'),
  API_DOCS_ALLOW: accessList().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * VK ID (id.vk.com): on when the app's id is set. Its code flow is a public client's: PKCE proves
   * the caller, and VK's documentation and SDK send no secret with the code.
   */
  VK_CLIENT_ID: z.string().min(1).optional(),
  VK_ID_URL: url(['https:', 'http:']).default('https://id.vk.com'),
  /** Yandex ID: on when both the client id and its secret are set. */
  YANDEX_CLIENT_ID: z.string().min(1).optional(),
  YANDEX_CLIENT_SECRET: z.string().min(1).optional(),
  YANDEX_OAUTH_URL: url(['https:', 'http:']).default('https://oauth.yandex.ru'),
  YANDEX_LOGIN_URL: url(['https:', 'http:']).default('https://login.yandex.ru'),
  /** How long a call to VK ID or Yandex ID may take before the login fails with "provider down". */
  OAUTH_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).default(10_000),
  /** The club's Telegram bot (BotFather's token): unset, the Telegram channel is absent. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{20,}$/, 'must be the token BotFather gave, like 123456789:AA…')
    .optional(),
  /** The Bot API's base URL: calls go to `<root>/bot<token>/<method>` (tests point it at a local fake). */
  TELEGRAM_API_ROOT: url(['https:', 'http:']).default('https://api.telegram.org'),
  /**
   * Set: updates arrive by webhook at `PUBLIC_URL/api/telegram/webhook`, with this secret in
   * Telegram's X-Telegram-Bot-Api-Secret-Token header. Unset: one replica polls with getUpdates.
   */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16-256 characters of A-Z, a-z, 0-9, _ and - (what Telegram accepts)')
    .optional(),
  /** Web push (VAPID, RFC 8292): all three set, or the channel is absent. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL of the club')
    .optional(),
  /**
   * The push services' hosts a player's subscription may name (`*.` covers subdomains), or `any`.
   * Unset: the four browsers' services in production, `any` elsewhere. Production also refuses
   * every address that is not public (notifications/push-endpoints.ts), whatever this says.
   */
  PUSH_SERVICES: pushServices.optional(),
  /** The club's YooKassa shop (payments/): both set, or paying is off (`npm start` runs a test double then). */
  YOOKASSA_SHOP_ID: z
    .string()
    .regex(/^\d{1,12}$/, "must be the shop's number (shopId) from YooKassa's dashboard")
    .optional(),
  YOOKASSA_SECRET_KEY: z
    .string()
    .regex(/^(live|test)_[A-Za-z0-9_-]{8,}$/, 'must be the secret key YooKassa issued (live_… or test_…)')
    .optional(),
  /** YooKassa's API v3 root (tests point it at scripts/fake-yookassa.mjs). */
  YOOKASSA_API_ROOT: url(['https:', 'http:']).default('https://api.yookassa.ru/v3'),
  /**
   * The addresses YooKassa's notifications come from, comma-separated IPs and CIDRs (IPv6 too),
   * matched against the client address as TRUST_PROXY reveals it. Default: YooKassa's published list.
   */
  YOOKASSA_NOTIFY_FROM: cidrList.default([...YOOKASSA_SENDERS]),
});

export type Env = z.infer<typeof envSchema>;

/** The validated configuration, injectable anywhere in the API. */
export class AppConfig {
  readonly nodeEnv: Env['NODE_ENV'];
  readonly port: number;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** REDIS_PREFIX as set; undefined: the install's own prefix, read from its database at start. */
  readonly redisPrefixSetting: string | undefined;
  /** The install's own prefix, set by createApp from its database (install/install-identity.ts). */
  installPrefix: string | undefined;
  readonly smtpUrl: string;
  readonly smtpTimeoutMs: number;
  readonly mailFrom: string;
  readonly publicUrl: string;
  readonly sessionSecret: string;
  readonly siteTimezone: string;
  readonly edgeAgentToken: string | undefined;
  /** Agent releases: the key bundles are checked with (null: uploads refused) and a stage's healthy time. */
  readonly agentUpdates: { publicKey: string | null; stageMinutes: number };
  /** The built player app and admin dashboard the API serves at `/` and `/admin/` (web/serve-web-apps.ts). */
  readonly webApps: { playerDir: string; adminDir: string };
  readonly logLevel: Env['LOG_LEVEL'];
  readonly trustProxy: string;
  /** METRICS_ALLOW and API_DOCS_ALLOW ('all' or a trust-proxy list); docs: all unless production. */
  readonly access: { metrics: string; apiDocs: string };
  /** Unset: queues.ts's COMMANDS.DEFAULT_DEADLINE_MS. */
  readonly commandDeadlineMs: number | undefined;
  /** When a game's door may be opened, in minutes around the game (door-window.ts). */
  readonly doorWindow: { opensBeforeMin: number; closesAfterMin: number };
  /** When a game is released as a no-show, and the pause its no-shows bring (bookings/no-shows.ts). */
  readonly noShows: { afterMin: number; limit: number; pauseDays: number };
  /** The light's rules the agent follows (offline.ts LightPolicy). */
  readonly light: { onBeforeMin: number | null; offAfterMin: number; manualMaxMin: number };
  /** Minutes an agent may be away before the API raises `agent.offline` (alerts/). */
  readonly agentOfflineAlertMin: number;
  /** Configured social providers only: a provider without its settings is off. */
  readonly social: {
    vk?: { clientId: string; baseUrl: string };
    yandex?: { clientId: string; clientSecret: string; oauthUrl: string; loginUrl: string };
    timeoutMs: number;
  };
  /** The Telegram channel, when the club has a bot; `webhookSecret` set: updates by webhook, else polling. */
  readonly telegram: { token: string; apiRoot: string; webhookSecret: string | undefined } | undefined;
  /** The web push channel's VAPID keys, when all three are set. */
  readonly vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /**
   * Where pushes may go (notifications/push-endpoints.ts): `publicOnly` (production) takes https on
   * 443 to public addresses only, `services` the hosts a subscription may name.
   */
  readonly push: { publicOnly: boolean; services: readonly string[] | 'any' };
  /** The shop, or undefined: paying is off (a site's prices still show, its games cannot be paid). */
  readonly yookassa: YooKassaConfig | undefined;
  /** IPs and CIDRs a YooKassa notification is accepted from (payments/notify-senders.ts). */
  readonly yookassaNotifyFrom: string[];

  constructor(env: Env) {
    this.nodeEnv = env.NODE_ENV;
    this.port = env.PORT;
    this.databaseUrl = env.DATABASE_URL;
    this.redisUrl = env.REDIS_URL;
    this.redisPrefixSetting = env.REDIS_PREFIX;
    this.smtpUrl = env.SMTP_URL;
    this.smtpTimeoutMs = env.SMTP_TIMEOUT_MS;
    this.mailFrom = env.MAIL_FROM;
    this.publicUrl = env.PUBLIC_URL;
    this.sessionSecret = env.SESSION_SECRET ?? DEV_SESSION_SECRET;
    this.siteTimezone = env.SITE_TIMEZONE;
    this.edgeAgentToken = env.EDGE_AGENT_TOKEN;
    this.agentUpdates = { publicKey: env.AGENT_UPDATE_PUBLIC_KEY ?? null, stageMinutes: env.ROLLOUT_STAGE_MIN };
    this.webApps = {
      playerDir: env.PLAYER_WEB_DIR ?? resolve(__dirname, '../../../../player-web/dist'),
      adminDir: env.ADMIN_WEB_DIR ?? resolve(__dirname, '../../../../admin-dashboard/dist'),
    };
    this.logLevel = env.LOG_LEVEL;
    this.trustProxy = env.TRUST_PROXY;
    this.access = {
      metrics: env.METRICS_ALLOW,
      apiDocs: env.API_DOCS_ALLOW ?? (env.NODE_ENV === 'production' ? 'loopback,uniquelocal' : 'all'),
    };
    this.commandDeadlineMs = env.COMMAND_DEADLINE_MS;
    this.doorWindow = { opensBeforeMin: env.DOOR_OPENS_BEFORE_MIN, closesAfterMin: env.DOOR_CLOSES_AFTER_MIN };
    this.noShows = { afterMin: env.NO_SHOW_AFTER_MIN, limit: env.NO_SHOW_LIMIT, pauseDays: env.NO_SHOW_PAUSE_DAYS };
    this.light = {
      onBeforeMin: env.LIGHT_ON_BEFORE_MIN ?? null,
      offAfterMin: env.LIGHT_OFF_AFTER_MIN,
      manualMaxMin: env.LIGHT_MANUAL_MAX_MIN,
    };
    this.agentOfflineAlertMin = env.AGENT_OFFLINE_ALERT_MIN;
    this.social = {
      vk: env.VK_CLIENT_ID ? { clientId: env.VK_CLIENT_ID, baseUrl: trimSlash(env.VK_ID_URL) } : undefined,
      yandex:
        env.YANDEX_CLIENT_ID && env.YANDEX_CLIENT_SECRET
          ? {
              clientId: env.YANDEX_CLIENT_ID,
              clientSecret: env.YANDEX_CLIENT_SECRET,
              oauthUrl: trimSlash(env.YANDEX_OAUTH_URL),
              loginUrl: trimSlash(env.YANDEX_LOGIN_URL),
            }
          : undefined,
      timeoutMs: env.OAUTH_TIMEOUT_MS,
    };
    this.telegram = env.TELEGRAM_BOT_TOKEN
      ? {
          token: env.TELEGRAM_BOT_TOKEN,
          apiRoot: trimSlash(env.TELEGRAM_API_ROOT),
          webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
        }
      : undefined;
    this.vapid =
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : undefined;
    this.yookassa =
      env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY
        ? {
            shopId: env.YOOKASSA_SHOP_ID,
            secretKey: env.YOOKASSA_SECRET_KEY,
            apiRoot: trimSlash(env.YOOKASSA_API_ROOT),
          }
        : undefined;
    this.yookassaNotifyFrom = env.YOOKASSA_NOTIFY_FROM;
    const production = env.NODE_ENV === 'production';
    this.push = {
      publicOnly: production,
      services: env.PUSH_SERVICES ?? (production ? KNOWN_PUSH_SERVICES : 'any'),
    };
  }

  get isProduction(): boolean {
    return this.nodeEnv === 'production';
  }

  /** The prefix of every Redis key: REDIS_PREFIX, or the install's own once createApp has read it. */
  get redisPrefix(): string {
    const prefix = this.redisPrefixSetting ?? this.installPrefix;
    if (prefix === undefined) throw new Error('the Redis prefix is known once the install is read (createApp)');
    return prefix;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Kort cannot start: the configuration is invalid.\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Production has no development defaults: a server that silently talked to a local database, sent
 * mail into a local MailDev or signed sessions with a published secret would look healthy and be
 * wrong. Each of these must be set, and the reason is printed beside the name.
 */
const REQUIRED_IN_PRODUCTION: Partial<Record<keyof Env, string>> = {
  SESSION_SECRET: '32 or more random characters',
  DATABASE_URL: 'postgres://user:password@host:5432/kort',
  REDIS_URL: 'redis://host:6379',
  SMTP_URL: 'the mail server players get their codes from, smtp:// or smtps://',
  PUBLIC_URL: 'the address players open, https://… behind the proxy',
  EDGE_AGENT_TOKEN: "the token the court's edge agent connects with, 16 or more characters",
};

/** Validates the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set": `FOO= npm start` should fall back to the default.
  const env = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`);
  // Checked beside the schema so they are reported together with every other problem.
  if (env.NODE_ENV === 'production') {
    for (const [name, why] of Object.entries(REQUIRED_IN_PRODUCTION)) {
      if (!env[name]) problems.push(`${name} is required when NODE_ENV=production (${why})`);
    }
  }
  // Half a provider is a typo, not a choice: say so instead of quietly hiding the button.
  if (Boolean(env.YANDEX_CLIENT_ID) !== Boolean(env.YANDEX_CLIENT_SECRET)) {
    problems.push('YANDEX_CLIENT_ID and YANDEX_CLIENT_SECRET are set together (Yandex ID login), or neither');
  }
  const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter(Boolean).length;
  if (vapid !== 0 && vapid !== 3) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together (web push), or none');
  }
  if (Boolean(env.YOOKASSA_SHOP_ID) !== Boolean(env.YOOKASSA_SECRET_KEY)) {
    problems.push('YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY are set together (the shop), or neither');
  }
  if (env.TELEGRAM_WEBHOOK_SECRET && !env.TELEGRAM_BOT_TOKEN) {
    problems.push('TELEGRAM_WEBHOOK_SECRET needs TELEGRAM_BOT_TOKEN (the bot whose webhook it guards)');
  }
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  return new AppConfig(parsed.data);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
