/** One JSON line per event (level, time, msg, fields): journald keeps it, jq reads it. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

// Belt and braces: no code path logs the token on purpose, but a field named like a secret is
// blanked anyway, so a careless `log(…, { config })` cannot leak it into the journal.
const SECRET_KEY = /token|secret|password|auth/i;

function clean(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => clean(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? '[redacted]' : clean(item, depth + 1)]),
  );
}

export function createJsonLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (line) => process.stdout.write(line),
): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const log = (lineLevel: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: LogFields) => {
    if (LOG_LEVELS.indexOf(lineLevel) < threshold) return;
    const extra = fields ? (clean(fields) as LogFields) : {};
    write(`${JSON.stringify({ level: lineLevel, time: new Date().toISOString(), msg, ...extra })}\n`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: Logger = createJsonLogger('silent');
