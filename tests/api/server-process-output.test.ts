import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, spawnServer } from '../setup/server-process.ts';

/**
 * What a person (or a machine) sees when the real start script starts: the ready line, the log lines'
 * format, and where it listens when HOST is not set. Runs in the PGlite project only (vitest.config.ts).
 */

/** The environment of a first start: no HOST, no LOG_FORMAT, no administrator, unless given. */
function firstStartEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['TEST_DATABASE_URL', 'DATABASE_URL', 'HOST', 'LOG_FORMAT', 'PUBLIC_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'WEB_CONCURRENCY', 'SHOP_NAME']) {
    delete env[key];
  }
  return { ...env, NODE_ENV: 'production', LOG_LEVEL: 'info', SEED_DEMO: 'false', ...extra };
}

const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The server, with its standard output kept apart (the JSON lines are on it). */
function start(env: NodeJS.ProcessEnv): ServerProcess & { stdout: () => string } {
  const server = spawnServer(env);
  children.push(server.child);
  let stdout = '';
  server.child.stdout?.on('data', (chunk) => (stdout += chunk));
  return { ...server, stdout: () => stdout };
}

/** Wait (up to 45 s) for a line of standard output that matches; fails with the output if the server stops. */
async function lineMatching(server: ReturnType<typeof start>, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const line = server.stdout().split('\n').find((candidate) => pattern.test(candidate));
    if (line !== undefined) return line;
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no line matching ${pattern}:\n${server.output()}`);
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** 'connected', or the error code of a TCP connection to host:port. */
function connectOutcome(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** This machine's first IPv4 address that is not loopback, if it has one. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

const noAdminYet = "no administrator yet: start with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD='a-long-password' npm start, or register and run npm run admin:promote -- you@example.com";

describe('what the server says when it starts', () => {
  it(
    networkAddress
      ? `listens on 127.0.0.1 only when HOST is not set (a connection to this machine's ${networkAddress} is refused), and, not on a terminal, writes only JSON lines, the ready line among them`
      : 'listens on 127.0.0.1 when HOST is not set (NOT checked from a network address: this machine has no IPv4 address besides loopback), and, not on a terminal, writes only JSON lines, the ready line among them',
    async () => {
      const port = await freePort();
      const server = start(firstStartEnv({ PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'emporium-output-')) }));
      const ready = JSON.parse(await lineMatching(server, /"ready":true/)) as { msg: string; level: number };
      expect(ready.level).toBe(30);
      expect(ready.msg).toBe(`Emporium is ready: the shop at http://localhost:${port}, the admin at http://localhost:${port}/dashboard/admin (${noAdminYet}).`);

      expect(await connectOutcome('127.0.0.1', port)).toBe('connected');
      if (networkAddress) expect(await connectOutcome(networkAddress, port)).toBe('ECONNREFUSED');

      expect((await fetch(`http://127.0.0.1:${port}/api/v1/no-such-call`)).status).toBe(404);
      await lineMatching(server, /"statusCode":404/);
      await stop(server);
      const lines = server.stdout().split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(2);
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    },
    90_000,
  );

  it('with LOG_FORMAT=pretty, writes readable lines and one plain ready line naming the administrator to sign in as', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'emporium-output-'));
    const env = firstStartEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_FORMAT: 'pretty', SHOP_NAME: 'Corner Books' });
    const first = start({ ...env, ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'owner-password-1' });
    const shop = `http://localhost:${port}`;
    const ready = `Corner Books is ready: the shop at ${shop}, the admin at ${shop}/dashboard/admin (sign in as owner@example.com).`;
    expect(await lineMatching(first, /is ready: the shop at/)).toBe(ready);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/no-such-call`)).status).toBe(404);
    expect(await lineMatching(first, /no-such-call/)).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/v1\/no-such-call 404 [\d.]+ ms$/);
    await stop(first);
    const lines = first.stdout().split('\n').filter(Boolean);
    expect(lines.filter((line) => line.includes('is ready: the shop at'))).toEqual([ready]);
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    expect(first.stdout()).not.toContain('Server listening at');

    // Started again without ADMIN_EMAIL: the administrator is found in the database.
    const second = start(env);
    expect(await lineMatching(second, /is ready: the shop at/)).toBe(ready);
    await stop(second);
  }, 180_000);
});
