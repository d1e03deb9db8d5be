import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { OFFLINE_AFTER_MS, RELAYS, type RelayId } from '@kort/contracts';
import { z } from 'zod';
import { LOG_LEVELS } from './logger';
import { updatePublicKey } from './update/manifest';
import { BACKOFF_CAP_RANGE_MS, DEFAULT_BACKOFF } from './transport/backoff';

/** BCM numbers (the "GPIO17" names on pinout.xyz), not header pin numbers. */
export type PinMap = Record<RelayId, number> & { doorSensor?: number };

/** The wiring of README.md and config.example.json: a 16-channel relay board on free GPIOs. */
export const DEFAULT_PINS: PinMap = {
  door: 17,
  light: 27,
  'shelf-1': 22,
  'shelf-2': 5,
  'shelf-3': 6,
  'shelf-4': 13,
  'shelf-5': 19,
  'shelf-6': 26,
  'shelf-7': 12,
  'shelf-8': 16,
  'shelf-9': 20,
  'shelf-10': 21,
  'shelf-11': 23,
};

const bcm = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'is missing (every relay needs a pin)' : 'must be a BCM GPIO number (0-57)',
  })
  .int({ error: 'must be a BCM GPIO number (0-57)' })
  .min(0, { error: 'must be a BCM GPIO number (0-57)' })
  .max(57, { error: 'must be a BCM GPIO number (0-57)' });

const pinMapSchema = z.strictObject({
  ...(Object.fromEntries(RELAYS.map((relay) => [relay, bcm])) as Record<RelayId, typeof bcm>),
  doorSensor: bcm.optional(),
});

/**
 * Checked apart from the schema so a reused pin is reported along with every other problem. The
 * inputs (tamper, exit button) are pins too, named as the operator set them.
 */
function reusedPins(pins: unknown, inputs: Record<string, unknown> = {}): string[] {
  const pinEntries = pins && typeof pins === 'object' ? Object.entries(pins) : [];
  const named: [field: string, owner: string, pin: unknown][] = [
    ...pinEntries.map(([name, pin]): [string, string, unknown] => [`pins.${name}`, name, pin]),
    ...Object.entries(inputs).map(([name, pin]): [string, string, unknown] => [name, name, pin]),
  ];
  const owners = new Map<unknown, string>();
  const problems: string[] = [];
  for (const [field, name, value] of named) {
    // The environment gives strings.
    const pin = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof pin !== 'number' || !Number.isInteger(pin)) continue;
    const owner = owners.get(pin);
    if (owner) problems.push(`${field} uses BCM ${pin}, already used by ${owner}`);
    else owners.set(pin, name);
  }
  return problems;
}

const int = (min: number, max: number, what: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int({ error: `must be ${what}` })
    .min(min, { error: `must be ${what}` })
    .max(max, { error: `must be ${what}` });

const settingsSchema = z.object({
  apiUrl: z
    .string()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: 'must be a URL starting with http:// or https://',
    })
    .default('http://127.0.0.1:3000'),
  /**
   * Where players open the app (the API's PUBLIC_URL): the door QR links there, so a phone's own
   * camera opens the game's door modal. Unset: the API's address, which serves the app too.
   */
  playerUrl: z
    .string()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: 'must be a URL starting with http:// or https://',
    })
    .optional(),
  siteId: z.string().min(1, { error: 'must not be empty' }).default('default'),
  token: z.string({ error: 'is required (the same token as the API has for this site)' }).min(1),
  /**
   * auto: the GPIO character device where /dev has a gpiochip, else sysfs GPIO, else a refusal;
   * chardev and sysfs force one; simulated moves nothing. "gpio" is the older name of auto.
   */
  driver: z
    .enum(['auto', 'chardev', 'sysfs', 'simulated', 'gpio'], {
      error: 'must be auto, chardev, sysfs or simulated',
    })
    .default('auto'),
  displayHost: z.string().min(1).default('127.0.0.1'),
  displayPort: int(0, 65535, 'a port number (0-65535)').default(8090),
  doorPulseMs: int(1, 600_000, 'a number of milliseconds (1-600000)').default(5000),
  doorSensorDebounceMs: int(0, 10_000, 'a number of milliseconds (0-10000)').default(50),
  /** The door open this long is the door.held-open alarm (and the door.held-open line of the command log). */
  doorHeldOpenS: int(1, 3600, 'a number of seconds (1-3600)').default(60),
  /** The sensor opening within this long after a door command, pulse, PIN or exit press is not forced. */
  doorForcedGraceS: int(0, 600, 'a number of seconds (0-600)').default(10),
  /** BCM number of the tamper input (a normally-closed switch to ground): reading 1 is the tamper alarm. */
  tamperLine: int(0, 57, 'a BCM GPIO number (0-57)').optional(),
  /** BCM number of the exit button (normally open, to ground): a press is a legitimate opening. */
  exitButtonLine: int(0, 57, 'a BCM GPIO number (0-57)').optional(),
  /** The CPU temperature in millidegrees, as the kernel's thermal zone gives it. */
  thermalFile: z.string().min(1).default('/sys/class/thermal/thermal_zone0/temp'),
  /** How often the Pi's temperature, disk and clock drift are looked at. */
  piCheckMs: int(100, 3_600_000, 'a number of milliseconds (100-3600000)').default(60_000),
  /** Without reaching the API this long, the agent is offline: the door screen becomes a keypad. */
  offlineAfterMs: int(100, 3_600_000, 'a number of milliseconds (100-3600000)').default(OFFLINE_AFTER_MS),
  /** Losing the API, the first retry comes within this many ms; each failed one doubles the window. */
  reconnectBaseMs: int(100, 10_000, 'a number of milliseconds (100-10000)').default(DEFAULT_BACKOFF.baseMs),
  /** The widest window between retries: a fleet that lost its API comes back spread over it. */
  reconnectCapMs: int(
    BACKOFF_CAP_RANGE_MS.min,
    BACKOFF_CAP_RANGE_MS.max,
    `a number of milliseconds (${BACKOFF_CAP_RANGE_MS.min}-${BACKOFF_CAP_RANGE_MS.max})`,
  ).default(DEFAULT_BACKOFF.capMs),
  stateFile: z.string().min(1),
  gpioSysfsRoot: z.string().min(1).default('/sys/class/gpio'),
  /** Where the GPIO character devices (gpiochipN) live: DRIVER=auto looks there too. */
  gpioDevRoot: z.string().min(1).default('/dev'),
  logLevel: z.enum(LOG_LEVELS).default('info'),
  pins: pinMapSchema.default(DEFAULT_PINS),
  /** Relay boards whose inputs switch on when driven low (most cheap optocoupler boards). */
  activeLow: z.boolean({ error: 'must be true or false' }).default(false),
  /** Label of the GPIO chip to use when autodetection picks the wrong one (`gpiodetect` lists them). */
  gpioChipLabel: z.string().min(1).optional(),
  /** Level the door sensor reads when the door is closed: 0 for a reed switch to ground with a pull-up. */
  doorSensorClosedLevel: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' }).default(0),
  /**
   * The releases root (<root>/releases/<version>, <root>/current): where updates install. Unset: the
   * root this agent runs from when it runs from a release folder, else updates are off.
   */
  updateRoot: z.string().min(1).optional(),
  /** The Ed25519 key releases are signed with (PEM, or the base64 of its DER): without it no update installs. */
  updatePublicKey: z
    .string()
    .refine(isUpdateKey, { error: 'must be an Ed25519 public key (npm run agent:keys prints it)' })
    .optional(),
  /** A new release proves itself within this or is switched back. */
  updateHealthWindowMs: int(1000, 3_600_000, 'a number of milliseconds (1000-3600000)').default(300_000),
});

export type AgentConfig = z.infer<typeof settingsSchema> & { configFile: string | null };

/** The agent's other files live beside the state file: the signed schedule and the outbox. */
export function agentFiles(stateFile: string): { schedule: string; outbox: string; alarms: string } {
  return { schedule: `${stateFile}.schedule`, outbox: `${stateFile}.outbox`, alarms: `${stateFile}.alarms` };
}
function isUpdateKey(text: string): boolean {
  try {
    updatePublicKey(text);
    return true;
  } catch {
    return false;
  }
}

type SettingKey = keyof z.infer<typeof settingsSchema>;

/** Which environment variable overrides which setting (the file uses the camelCase names). */
const ENV_NAMES: Partial<Record<SettingKey, string>> = {
  apiUrl: 'API_URL',
  playerUrl: 'PLAYER_URL',
  siteId: 'SITE_ID',
  token: 'EDGE_AGENT_TOKEN',
  driver: 'DRIVER',
  displayHost: 'DISPLAY_HOST',
  displayPort: 'DISPLAY_PORT',
  doorPulseMs: 'DOOR_PULSE_MS',
  doorSensorDebounceMs: 'DOOR_SENSOR_DEBOUNCE_MS',
  doorHeldOpenS: 'DOOR_HELD_OPEN_S',
  doorForcedGraceS: 'DOOR_FORCED_GRACE_S',
  tamperLine: 'TAMPER_LINE',
  exitButtonLine: 'EXIT_BUTTON_LINE',
  thermalFile: 'THERMAL_FILE',
  piCheckMs: 'PI_CHECK_MS',
  offlineAfterMs: 'OFFLINE_AFTER_MS',
  reconnectBaseMs: 'RECONNECT_BASE_MS',
  reconnectCapMs: 'RECONNECT_CAP_MS',
  stateFile: 'STATE_FILE',
  gpioSysfsRoot: 'GPIO_SYSFS_ROOT',
  gpioDevRoot: 'GPIO_DEV_ROOT',
  logLevel: 'LOG_LEVEL',
  updateRoot: 'UPDATE_ROOT',
  updatePublicKey: 'AGENT_UPDATE_PUBLIC_KEY',
  updateHealthWindowMs: 'UPDATE_HEALTH_WINDOW_MS',
};
// The token belongs in the root-only EnvironmentFile, not in a world-readable JSON file.
const FILE_KEYS: string[] = Object.keys(settingsSchema.shape).filter((key) => key !== 'token');

export class AgentConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Kort agent cannot start: the configuration is invalid.\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'AgentConfigError';
  }
}

export interface LoadOptions {
  /** `kort-agent test-relay` only drives the hardware and does not need the API token. */
  requireToken?: boolean;
}

function configPathFrom(argv: readonly string[], env: Record<string, string | undefined>, problems: string[]) {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--config=')) return arg.slice('--config='.length);
    if (arg === '--config') {
      const value = argv[i + 1];
      if (!value || value.startsWith('--')) problems.push('--config needs a file path');
      return value && !value.startsWith('--') ? value : null;
    }
  }
  return env.KORT_AGENT_CONFIG || null;
}

function readConfigFile(path: string, problems: string[]): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    problems.push(`config file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    problems.push(`config file ${path} must hold a JSON object`);
  } catch (error) {
    problems.push(`config file ${path} is not valid JSON (${(error as Error).message})`);
  }
  return {};
}

/**
 * The JSON config file (--config or KORT_AGENT_CONFIG, optional) overlaid by the environment.
 * Throws an AgentConfigError listing every problem at once, by the name the operator typed.
 */
export function loadAgentConfig(
  env: Record<string, string | undefined> = process.env,
  argv: readonly string[] = process.argv.slice(2),
  options: LoadOptions = {},
): AgentConfig {
  const problems: string[] = [];
  const configPath = configPathFrom(argv, env, problems);
  const configFile = configPath ? resolve(configPath) : null;
  const file = configFile ? readConfigFile(configFile, problems) : {};

  const raw: Record<string, unknown> = {};
  /** Where each value came from: the variable or the file key, to name it in problems. */
  const source: Partial<Record<string, string>> = {};
  for (const [key, value] of Object.entries(file)) {
    if (key === 'token')
      problems.push('token does not belong in the config file: set EDGE_AGENT_TOKEN in the environment');
    else if (!FILE_KEYS.includes(key)) {
      problems.push(`${key} is not a setting of the config file (known: ${FILE_KEYS.join(', ')})`);
    } else {
      raw[key] = value;
      source[key] = key;
    }
  }
  if (typeof raw.stateFile === 'string' && configFile && !isAbsolute(raw.stateFile)) {
    raw.stateFile = resolve(dirname(configFile), raw.stateFile);
  }
  for (const [key, name] of Object.entries(ENV_NAMES)) {
    // An empty variable means "not set", so `DRIVER= kort-agent` falls back to the file or default.
    const value = env[name];
    if (value === undefined || value === '') continue;
    raw[key] = key === 'stateFile' ? resolve(value) : value;
    source[key] = name;
  }
  raw.stateFile ??= configFile
    ? resolve(dirname(configFile), 'kort-agent-state.json')
    : resolve('kort-agent-state.json');

  const schema =
    options.requireToken === false ? settingsSchema.extend({ token: z.string().default('') }) : settingsSchema;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, ...rest] = issue.path.map(String);
      if (issue.code === 'unrecognized_keys' && head === 'pins') {
        const known = [...RELAYS, 'doorSensor'].join(', ');
        problems.push(...issue.keys.map((key) => `pins.${key} is not a relay or input (known: ${known})`));
        continue;
      }
      // Named as the operator set it (variable or file key), or by the variable to set if unset.
      const name = head && (source[head] ?? ENV_NAMES[head as SettingKey] ?? head);
      const field = name ? [name, ...rest].join('.') : 'config';
      problems.push(`${field} ${issue.message}`);
    }
  }
  problems.push(
    ...reusedPins(raw.pins ?? DEFAULT_PINS, {
      [source.tamperLine ?? 'TAMPER_LINE']: raw.tamperLine,
      [source.exitButtonLine ?? 'EXIT_BUTTON_LINE']: raw.exitButtonLine,
    }),
  );
  if (problems.length || !parsed.success) throw new AgentConfigError(problems);
  return { ...parsed.data, configFile };
}
