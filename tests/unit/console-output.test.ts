import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { formatLogLine, logFormat, readyLine } from '../../src/server/lib/console-output.ts';
import { serializeError } from '../../src/server/lib/safe-error.ts';

/** The JSON lines a real pino logger writes (the server's loggers are pino too). */
function logged(write: (log: pino.Logger) => void): string[] {
  const lines: string[] = [];
  const log = pino({ level: 'trace', serializers: { err: serializeError } }, { write: (line: string) => lines.push(line) });
  write(log);
  return lines;
}

const clock = (line: string) => new Date((JSON.parse(line) as { time: number }).time).toTimeString().slice(0, 8);

describe('LOG_FORMAT', () => {
  it('is what it is set to, otherwise pretty on a terminal and JSON anywhere else', () => {
    expect(logFormat('json', true)).toBe('json');
    expect(logFormat('pretty', false)).toBe('pretty');
    expect(logFormat(undefined, true)).toBe('pretty');
    expect(logFormat(undefined, false)).toBe('json');
  });
});

describe('a log line made readable', () => {
  it('shows the local time, the level, the message and the other fields, without pid and hostname', () => {
    const [line] = logged((log) => log.info({ database: 'pglite', products: 52, note: 'two words' }, 'database ready'));
    expect(formatLogLine(line as string, false)).toBe(`${clock(line as string)} INFO  database ready database=pglite products=52 note="two words"`);
  });

  it('shows a request as method, address, status and time; the request id only on a failure', () => {
    const [ok, failed] = logged((log) => {
      const fields = (status: number) => ({ reqId: 'req-7', req: { method: 'GET', url: '/api/v1/nope', remoteAddress: '127.0.0.1' }, res: { statusCode: status }, responseTime: 1.2 });
      log.info(fields(404), 'request completed');
      log.error(fields(500), 'request completed');
    });
    expect(formatLogLine(ok as string, false)).toBe(`${clock(ok as string)} INFO  GET /api/v1/nope 404 1.2 ms`);
    expect(formatLogLine(failed as string, false)).toBe(`${clock(failed as string)} ERROR GET /api/v1/nope 500 1.2 ms reqId=req-7`);
  });

  it('puts an error’s stack, indented, under its line, and lists its other fields (a database error’s code)', () => {
    const error = Object.assign(new Error('the disk is full'), { code: '53100', table: 'products' });
    const [line] = logged((log) => log.error({ err: error }, 'backup failed'));
    const [first, second, third] = formatLogLine(line as string, false).split('\n');
    expect(first).toBe(`${clock(line as string)} ERROR backup failed err.code=53100 err.table=products`);
    expect(second).toBe('    Error: the disk is full');
    expect(third).toMatch(/^ {8}at /);
  });

  it('colours the level and the status only when asked to', () => {
    const [warn] = logged((log) => log.warn('Redis cannot be reached'));
    expect(formatLogLine(warn as string, true)).toContain('\u001b[33mWARN \u001b[0m');
    expect(formatLogLine(warn as string, false)).not.toContain('\u001b[');
  });

  it('leaves out Fastify’s "Server listening at" (the ready line says where) and keeps a line that is not JSON', () => {
    const [listening] = logged((log) => log.info('Server listening at http://127.0.0.1:8080'));
    expect(formatLogLine(listening as string, false)).toBe('');
    expect(formatLogLine('not json\n', false)).toBe('not json');
  });
});

describe('the ready line', () => {
  const base = { shopName: 'Corner Books', publicUrl: undefined, host: '127.0.0.1', port: 8080, adminEmail: undefined };

  it('names the shop, its address, the admin’s address and who signs in', () => {
    expect(readyLine({ ...base, adminEmail: 'owner@example.com' })).toBe(
      'Corner Books is ready: the shop at http://localhost:8080, the admin at http://localhost:8080/dashboard/admin (sign in as owner@example.com).',
    );
  });

  it('says how to make an administrator when there is none', () => {
    expect(readyLine(base)).toContain(
      "(no administrator yet: start with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD='a-long-password' npm start, or register and run npm run admin:promote -- you@example.com).",
    );
  });

  it('uses PUBLIC_URL when it is set, and says when every address of the machine listens', () => {
    expect(readyLine({ ...base, publicUrl: 'https://books.example', host: '0.0.0.0' })).toMatch(
      /^Corner Books is ready: the shop at https:\/\/books\.example \(listening on every address of this machine, port 8080\), the admin at https:\/\/books\.example\/dashboard\/admin /,
    );
    expect(readyLine({ ...base, host: '192.168.1.20' })).toContain('the shop at http://192.168.1.20:8080,');
    expect(readyLine({ ...base, host: 'fd00::20' })).toContain('the shop at http://[fd00::20]:8080,');
  });
});
