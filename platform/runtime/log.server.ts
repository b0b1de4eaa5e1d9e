// One log line per event, for people and for log pipelines: JSON (one object per
// line: time, level, msg and the event's fields) or, with LOG_FORMAT=pretty, a
// short line for a terminal. Default: pretty when stdout is a terminal, JSON
// otherwise (a deployment's log collector). LOG_LEVEL=warn or error leaves out the
// lines below it (the test suites do). Fields never carry secrets or bodies:
// callers pass ids, routes, statuses and durations.

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFormat = 'json' | 'pretty';
export type LogFields = Record<string, unknown>;

export interface Logger {
  info: (msg: string, fields?: LogFields) => void;
  warn: (msg: string, fields?: LogFields) => void;
  error: (msg: string, fields?: LogFields) => void;
  /** A logger whose lines all carry `fields` too (e.g. { process: 'worker' }). */
  with: (fields: LogFields) => Logger;
}

/** LOG_FORMAT: json or pretty; anything else is refused rather than guessed. */
export function logFormat(value: string | undefined, isTerminal: boolean): LogFormat {
  if (value === undefined || value === '') return isTerminal ? 'pretty' : 'json';
  if (value === 'json' || value === 'pretty') return value;
  throw new Error(`LOG_FORMAT must be json or pretty, not "${value}"`);
}

const LEVELS: LogLevel[] = ['info', 'warn', 'error'];

/** LOG_LEVEL: info (default), warn or error. */
export function logLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info';
  if ((LEVELS as string[]).includes(value)) return value as LogLevel;
  throw new Error(`LOG_LEVEL must be info, warn or error, not "${value}"`);
}

/** An Error as fields a reader can use: its message and SQLSTATE code, not its stack for expected failures. */
export function errorFields(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: String(error) };
  const code = (error as { code?: unknown }).code;
  return { error: error.message, ...(typeof code === 'string' ? { code } : {}) };
}

const PRETTY_SKIP = new Set(['time', 'level', 'msg']);

function prettyValue(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

export function formatLine(format: LogFormat, level: LogLevel, msg: string, fields: LogFields, now = new Date()): string {
  if (format === 'json') return JSON.stringify({ time: now.toISOString(), level, msg, ...fields });
  const extras = Object.entries(fields).filter(([key, value]) => !PRETTY_SKIP.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${prettyValue(value)}`);
  return [now.toISOString().slice(11, 23), level.toUpperCase().padEnd(5), msg, ...extras].join(' ');
}

interface LoggerOptions { format?: LogFormat; minLevel?: LogLevel; write?: (line: string) => void; fields?: LogFields }

export function createLogger(options: LoggerOptions = {}): Logger {
  const format = options.format ?? logFormat(process.env.LOG_FORMAT, Boolean(process.stdout.isTTY));
  const minLevel = options.minLevel ?? logLevel(process.env.LOG_LEVEL);
  const write = options.write ?? ((line: string) => { process.stdout.write(line + '\n'); });
  const base = options.fields ?? {};
  const emit = (level: LogLevel) => LEVELS.indexOf(level) < LEVELS.indexOf(minLevel) ? () => undefined
    : (msg: string, fields: LogFields = {}) => write(formatLine(format, level, msg, { ...base, ...fields }));
  return {
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    with: (fields) => createLogger({ format, minLevel, write, fields: { ...base, ...fields } }),
  };
}

/** The process's logger (LOG_FORMAT read once). */
export const log: Logger = createLogger();
