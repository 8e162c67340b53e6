import type { DestinationStream } from 'pino';
import type { Env } from '../env.ts';

/**
 * What the server writes for a person at a terminal: its log lines made readable, and one plain line once
 * it is ready. Machines get the JSON lines untouched (LOG_FORMAT=json, the default when standard output is
 * not a terminal): then nothing here runs for a log line.
 */

export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT when set; otherwise readable lines on a terminal and JSON lines anywhere else. */
export function logFormat(setting: LogFormat | undefined, stdoutIsTerminal = Boolean(process.stdout.isTTY)): LogFormat {
  return setting ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

/** Colours only on a terminal, and not when NO_COLOR asks for none (https://no-color.org). */
const colourWanted = () => Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';

/**
 * The log destination for this format: undefined for JSON (the logger writes to standard output as it
 * always has), a formatter that writes readable lines for pretty.
 */
export function logDestination(format: LogFormat): DestinationStream | undefined {
  if (format === 'json') return undefined;
  const colour = colourWanted();
  return {
    write(line: string) {
      const readable = formatLogLine(line, colour);
      if (readable) process.stdout.write(`${readable}\n`);
    },
  };
}

const LEVELS: Record<number, { label: string; colour: string }> = {
  10: { label: 'TRACE', colour: '90' },
  20: { label: 'DEBUG', colour: '90' },
  30: { label: 'INFO ', colour: '36' },
  40: { label: 'WARN ', colour: '33' },
  50: { label: 'ERROR', colour: '31' },
  60: { label: 'FATAL', colour: '31' },
};

/** Fields every line has, or that the line's own shape already shows. */
const SHOWN_OR_NOISE = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v', 'err', 'error']);
/** A request's line shows these itself; its id stays on a failure, to find the error logged with it. */
const SHOWN_BY_FAILED_REQUEST = new Set([...SHOWN_OR_NOISE, 'req', 'res', 'responseTime']);
const SHOWN_BY_REQUEST = new Set([...SHOWN_BY_FAILED_REQUEST, 'reqId']);
/** An error's fields that its stack already shows (the others, such as a database error's code, are listed). */
const SHOWN_BY_STACK = new Set(['type', 'message', 'stack']);

const paint = (colour: boolean, code: string, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

interface LogRecord {
  [key: string]: unknown;
  level?: number;
  time?: number;
  msg?: string;
}

interface AccessRecord extends LogRecord {
  req: { method?: string; url?: string };
  res: { statusCode?: number };
  responseTime?: number;
}

const isAccessLine = (record: LogRecord): record is AccessRecord =>
  record.msg === 'request completed' && typeof record.req === 'object' && typeof record.res === 'object';

/**
 * One JSON log line as a person reads it: `14:03:07 INFO  message key=value`, a request as
 * `14:03:07 INFO  GET /path 404 1.2 ms`, an error's stack indented below. Fastify's "Server listening at"
 * lines are left out: the ready line says where the shop is. A line that is not JSON is kept as it is.
 */
export function formatLogLine(line: string, colour: boolean): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.replace(/\n$/, '');
  }
  if (typeof record.msg === 'string' && record.msg.startsWith('Server listening at ')) return '';
  const level = LEVELS[record.level ?? 30] ?? { label: String(record.level), colour: '0' };
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now()).toTimeString().slice(0, 8);
  const head = `${paint(colour, '2', time)} ${paint(colour, level.colour, level.label)} `;

  let text: string;
  let skip = SHOWN_OR_NOISE;
  if (isAccessLine(record)) {
    const status = record.res.statusCode ?? 0;
    const statusText = paint(colour, status >= 500 ? '31' : status >= 400 ? '33' : '32', String(status));
    const took = typeof record.responseTime === 'number' ? ` ${record.responseTime} ms` : '';
    text = `${record.req.method ?? ''} ${record.req.url ?? ''} ${statusText}${took}`;
    skip = status >= 500 ? SHOWN_BY_FAILED_REQUEST : SHOWN_BY_REQUEST;
  } else {
    text = record.msg ?? '';
  }
  const error = (record.err ?? record.error) as Record<string, unknown> | undefined;
  const errorFields = typeof error === 'object' && error ? Object.entries(error).filter(([key]) => !SHOWN_BY_STACK.has(key)) : [];
  const fields = [...Object.entries(record).filter(([key]) => !skip.has(key)), ...errorFields.map(([key, value]) => [`err.${key}`, value] as const)]
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => paint(colour, '2', `${key}=`) + fieldValue(value));
  const stack = typeof error?.stack === 'string' ? error.stack : typeof error?.message === 'string' ? error.message : '';
  const details = stack ? `\n${stack.replace(/^/gm, '    ')}` : '';
  return `${head}${[text, ...fields].filter(Boolean).join(' ')}${details}`;
}

/** Where the web app's administrator area starts (src/web/config/paths.ts: paths.admin.dashboard). */
const ADMIN_PATH = '/dashboard/admin';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export interface ReadyDetails {
  shopName: string;
  /** PUBLIC_URL when it was set; otherwise the address is made from where the server listens. */
  publicUrl: string | undefined;
  host: string;
  port: number;
  /** The e-mail of an administrator (ADMIN_EMAIL, else one in the database), if there is one. */
  adminEmail: string | undefined;
}

/** The one plain line for a person once the shop answers: where it is, where its admin is, who signs in. */
export function readyLine({ shopName, publicUrl, host, port, adminEmail }: ReadyDetails): string {
  const local = WILDCARD_HOSTS.has(host) || LOOPBACK_HOSTS.has(host) ? 'localhost' : host;
  const shop = publicUrl ?? `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
  const reach = WILDCARD_HOSTS.has(host) ? ` (listening on every address of this machine, port ${port})` : '';
  const signIn = adminEmail
    ? `sign in as ${adminEmail}`
    : "no administrator yet: start with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD='a-long-password' npm start, " +
      'or register and run npm run admin:promote -- you@example.com';
  return `${shopName} is ready: the shop at ${shop}${reach}, the admin at ${shop}${ADMIN_PATH} (${signIn}).`;
}

type ReadyEnv = Pick<Env, 'LOG_FORMAT' | 'SHOP_NAME' | 'PUBLIC_URL' | 'PORT' | 'HOST' | 'ADMIN_EMAIL'>;

/**
 * Print the ready line once the shop answers on `port`: plain for a person, as a JSON log line (with the
 * same words) for a machine. `adminEmail` is an administrator found in the database, used without ADMIN_EMAIL.
 */
export function announceReady(env: ReadyEnv, log: { info: (fields: object, message: string) => void }, port: number, adminEmail: string | undefined): void {
  const line = readyLine({
    shopName: env.SHOP_NAME,
    // PUBLIC_URL's default names env.PORT, which is not the port when PORT=0.
    publicUrl: env.PUBLIC_URL === `http://localhost:${env.PORT}` ? undefined : env.PUBLIC_URL,
    host: env.HOST,
    port,
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() ?? adminEmail,
  });
  if (logFormat(env.LOG_FORMAT) === 'pretty') process.stdout.write(`${line}\n`);
  else log.info({ ready: true }, line);
}
