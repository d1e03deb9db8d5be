import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/config/app-config';

/**
 * The containers run exactly what CI tests: the images start the commands of package.json, every
 * service waits for what it needs to be healthy, and the API's compose settings pass the
 * production validation. Plain file reads: no Docker needed.
 */

const root = join(__dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

const compose = parseYaml(read('docker-compose.yml')) as Compose;
const services = compose.services;
const apiImage = parseDockerfile(read('services/api/Dockerfile'));
const agentImage = parseDockerfile(read('edge-agent/Dockerfile'));

describe('the images run the commands CI runs', () => {
  test("the API image starts `npm run start:prod`'s command, in exec form", () => {
    expect(execForm(apiImage, 'CMD').join(' ')).toBe(scripts['start:prod']);
  });

  test("the migrate service runs `npm run migrate:prod`'s command in the API image", () => {
    expect(services.migrate?.command).toEqual(scripts['migrate:prod']?.split(' '));
    expect(services.migrate?.image).toBe(services['api-1']?.image);
    expect(services.migrate?.build).toEqual(services['api-1']?.build);
  });

  test("the edge agent image starts the agent's own bin", () => {
    const agent = JSON.parse(read('edge-agent/package.json')) as { bin: Record<string, string> };
    expect(execForm(agentImage, 'CMD')).toEqual(['node', `edge-agent/${agent.bin['kort-agent']}`]);
  });

  test.each([
    ['services/api/Dockerfile', apiImage],
    ['edge-agent/Dockerfile', agentImage],
  ])('%s runs as a user other than root', (_file, stage) => {
    const users = stage.filter((i) => i.op === 'USER').map((i) => i.args.split(':')[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
  });
});

describe('docker compose', () => {
  test('two named API replicas from the same definition, reachable only through the proxy', () => {
    const [one, two] = [services['api-1'], services['api-2']];
    expect(one).toBeDefined();
    expect(two).toEqual(one);
    expect(one?.ports).toBeUndefined();
    expect(one?.stop_grace_period).toBe('30s');
    expect(services.proxy?.environment).toMatchObject({ KORT_API_1: 'api-1:3000', KORT_API_2: 'api-2:3000' });
  });

  test("the proxy renders the repository's nginx template and has set-replica.sh where the README calls it", () => {
    const volumes = (services.proxy?.volumes ?? []).map((volume) => volume.split(':'));
    const template = volumes.find(([source]) => source === './deploy/nginx/kort.conf.template');
    const [, name] = /^\/etc\/nginx\/templates\/(.+)\.template$/.exec(template?.[1] ?? '') ?? [];
    expect(name).toBeDefined();
    // set-replica.sh edits the rendered file: KORT_NGINX_CONF, or its default kort.conf.
    expect(services.proxy?.environment?.KORT_NGINX_CONF ?? '/etc/nginx/conf.d/kort.conf').toBe(
      `/etc/nginx/conf.d/${name}`,
    );
    const script = volumes.find(([source]) => source === './deploy/nginx/set-replica.sh');
    expect(read('README.md')).toContain(`docker compose exec proxy ${script?.[1]} api-1:3000 down`);
  });

  test('every long-running service has a healthcheck, in compose or in its image', () => {
    for (const [name, service] of Object.entries(services)) {
      if (isOneShot(name)) continue;
      expect({ name, healthcheck: hasHealthcheck(service) }).toEqual({ name, healthcheck: true });
    }
  });

  test('a one-shot service is waited for until it completes, and never restarted', () => {
    const oneShots = Object.keys(services).filter(isOneShot);
    expect(oneShots).toEqual(['migrate']);
    expect(services.migrate?.restart).toBe('no');
  });

  test('every depends_on waits on a condition the dependency can meet', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.depends_on === undefined) continue;
      expect(Array.isArray(service.depends_on)).toBe(false);
      for (const [dependency, { condition }] of Object.entries(service.depends_on as DependsOn)) {
        const target = services[dependency];
        expect({ name, dependency, exists: target !== undefined }).toMatchObject({ exists: true });
        expect(['service_healthy', 'service_completed_successfully']).toContain(condition);
        if (condition === 'service_healthy') {
          expect({ name, dependency, healthcheck: hasHealthcheck(target!) }).toMatchObject({ healthcheck: true });
        }
      }
    }
  });

  test('the API settings of compose pass the production validation with .env.example filled in', () => {
    const env = dotenv(read('.env.example'));
    for (const secret of ['POSTGRES_PASSWORD', 'SESSION_SECRET', 'EDGE_AGENT_TOKEN']) {
      expect({ secret, shippedEmpty: env[secret] }).toEqual({ secret, shippedEmpty: '' });
      env[secret] = 'test-only-secret-0123456789abcdefghijklmnop';
    }
    const apiEnv = Object.fromEntries(
      Object.entries(services['api-1']?.environment ?? {}).map(([key, value]) => [key, interpolate(value, env)]),
    );
    const config = loadConfig(apiEnv);
    expect(config.isProduction).toBe(true);
    expect(config.trustProxy).toMatch(/uniquelocal/);
  });

  test('.env.example documents every variable compose reads', () => {
    const documented = Object.keys(dotenv(read('.env.example')));
    const used = [...read('docker-compose.yml').matchAll(/\$\{(\w+)/g)].map((m) => m[1]);
    expect([...new Set(used)].filter((name) => !documented.includes(name!))).toEqual([]);
  });
});

// --- helpers ---------------------------------------------------------------------------------

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  restart?: string;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: DependsOn | string[];
  stop_grace_period?: string;
};
type DependsOn = Record<string, { condition?: string }>;
type Compose = { services: Record<string, Service> };
type Instruction = { op: string; args: string };

function hasHealthcheck(service: Service): boolean {
  if (service.healthcheck) {
    const { test, disable } = service.healthcheck;
    return disable !== true && test !== undefined && test[0] !== 'NONE';
  }
  if (!service.build) return false;
  const healthcheck = parseDockerfile(read(service.build.dockerfile)).findLast((i) => i.op === 'HEALTHCHECK');
  return healthcheck !== undefined && !/^NONE\b/.test(healthcheck.args);
}

/** Run once and waited for by others: compose's service_completed_successfully. */
function isOneShot(name: string): boolean {
  return Object.values(services).some(
    (service) =>
      !Array.isArray(service.depends_on) && service.depends_on?.[name]?.condition === 'service_completed_successfully',
  );
}

/** The final stage's instructions (continuation lines joined, comments dropped). */
function parseDockerfile(text: string): Instruction[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const instructions = lines.map((line) => {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    return { op: op.toUpperCase(), args: args.trim() };
  });
  const lastFrom = instructions.map((i) => i.op).lastIndexOf('FROM');
  return instructions.slice(lastFrom);
}

function execForm(stage: Instruction[], op: string): string[] {
  const instruction = stage.findLast((i) => i.op === op);
  expect(instruction?.args.startsWith('[')).toBe(true);
  return JSON.parse(instruction!.args) as string[];
}

/** KEY=value lines; comments and blank lines skipped, surrounding quotes removed. */
function dotenv(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => /^([A-Za-z_]\w*)=(.*)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => [match[1]!, match[2]!.replace(/^(['"])(.*)\1$/, '$2')]);
  return Object.fromEntries(entries) as Record<string, string>;
}

/** Compose's ${VAR}, ${VAR:-default} and ${VAR:?message}. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, op?: string, rest?: string) => {
    const set = env[name];
    if (set) return set;
    if (op === '?') throw new Error(`${name} is required: ${rest}`);
    return op === '-' ? (rest ?? '') : '';
  });
}

/**
 * The YAML that docker-compose.yml is written in: block mappings and sequences, flow sequences of
 * scalars (also over several lines), quoted and plain scalars, comments, anchors, aliases and `<<`
 * merges. Anything else throws, so a new construct fails this test instead of being misread.
 * (The `yaml` package is not a dependency of the repository.)
 */
function parseYaml(text: string): unknown {
  type Line = { indent: number; text: string; number: number };
  const lines: Line[] = [];
  text.split('\n').forEach((raw, index) => {
    const content = stripComment(raw).trimEnd();
    if (content.trim())
      lines.push({ indent: content.length - content.trimStart().length, text: content.trim(), number: index + 1 });
  });
  const anchors = new Map<string, unknown>();
  let position = 0;

  const fail = (line: Line | undefined, why: string): never => {
    throw new Error(`docker-compose.yml line ${line?.number ?? 'end'}: ${why}`);
  };

  function block(indent: number): unknown {
    const first = lines[position];
    if (!first || first.indent < indent) return null;
    return first.text.startsWith('- ') || first.text === '-' ? sequence(first.indent) : mapping(first.indent);
  }

  function mapping(indent: number): Record<string, unknown> {
    const own: Record<string, unknown> = {};
    const merged: Record<string, unknown> = {};
    while (position < lines.length && lines[position]!.indent === indent) {
      const line = lines[position]!;
      const match = /^([\w.<-]+|'[^']*'|"[^"]*"):(?:\s+(.*))?$/.exec(line.text);
      if (!match) fail(line, 'expected "key: value"');
      const key = match![1]!.replace(/^(['"])(.*)\1$/, '$2');
      position += 1;
      const value = nodeValue(match![2], line);
      if (key === '<<') {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(line, '<< needs a mapping');
        Object.assign(merged, value);
      } else {
        own[key] = value;
      }
    }
    if (position < lines.length && lines[position]!.indent > indent) fail(lines[position], 'unexpected indentation');
    return { ...merged, ...own };
  }

  function sequence(indent: number): unknown[] {
    const items: unknown[] = [];
    while (position < lines.length && lines[position]!.indent === indent && lines[position]!.text.startsWith('- ')) {
      const line = lines[position]!;
      position += 1;
      const item = line.text.slice(2).trim();
      if (/^[\w.-]+:(\s|$)/.test(item)) fail(line, 'mappings inside sequences are not supported here');
      items.push(nodeValue(item, line));
    }
    return items;
  }

  /** The value after "key:" or "- ": inline, or the block on the following, deeper lines. */
  function nodeValue(inline: string | undefined, line: Line): unknown {
    let rest = inline?.trim() ?? '';
    let anchor: string | undefined;
    const anchored = /^&([\w-]+)(?:\s+(.*))?$/.exec(rest);
    if (anchored) {
      anchor = anchored[1];
      rest = anchored[2]?.trim() ?? '';
    }
    // Prettier puts a long flow sequence on the lines after its key.
    if (
      rest === '' &&
      lines[position] &&
      lines[position]!.indent > line.indent &&
      lines[position]!.text.startsWith('[')
    ) {
      rest = lines[position]!.text;
      position += 1;
    }
    let value: unknown;
    if (rest === '') {
      const next = lines[position];
      const nested =
        next &&
        (next.indent > line.indent ||
          (next.indent === line.indent && next.text.startsWith('- ') && !line.text.startsWith('- ')));
      value = nested ? block(next.indent) : null;
    } else if (rest.startsWith('*')) {
      if (!anchors.has(rest.slice(1))) fail(line, `unknown alias ${rest}`);
      value = anchors.get(rest.slice(1));
    } else if (rest.startsWith('[')) {
      while (!flowClosed(rest)) {
        const next = lines[position];
        if (!next) fail(line, 'unterminated [');
        rest += ` ${next!.text}`;
        position += 1;
      }
      value = splitFlow(rest.slice(1, -1)).map((item) => scalar(item, line));
    } else if (/^[{|>]/.test(rest)) {
      fail(line, `${rest[0]} is not supported here`);
    } else {
      value = scalar(rest, line);
    }
    if (anchor) anchors.set(anchor, value);
    return value;
  }

  function scalar(raw: string, line: Line): unknown {
    const text = raw.trim();
    if (text.startsWith('"')) return JSON.parse(text) as string;
    if (text.startsWith("'")) {
      if (!text.endsWith("'") || text.length < 2) fail(line, 'unterminated quote');
      return text.slice(1, -1).replace(/''/g, "'");
    }
    if (text === 'true' || text === 'false') return text === 'true';
    if (text === 'null' || text === '~') return null;
    return text;
  }

  return block(0);
}

/** Drops a # comment that is not inside quotes. */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) {
      return line.slice(0, i);
    }
  }
  return line;
}

function flowClosed(text: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '[') depth += 1;
    else if (c === ']') depth -= 1;
  }
  return depth === 0;
}

/** Items of a flow sequence's inside, split at commas outside quotes; a trailing comma is allowed. */
function splitFlow(inside: string): string[] {
  const items: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const c of inside) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ',') {
      items.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item, index, all) => item !== '' || index < all.length - 1);
}
