// Start the built server (`node dist/server/server.js`) on a free port with a fresh embedded database in a
// temporary DATA_DIR, for the scripts that measure it (size budget, Lighthouse). Stopped by its own PID.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port the system has free right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {{ env?: Record<string, string>, name?: string, timeoutMs?: number }} options
 * @returns {Promise<{ origin: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startBuiltServer({ env = {}, name = 'emporium', timeoutMs = 60_000 } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const origin = `http://127.0.0.1:${port}`;
  // Always the embedded database in its own folder, one process: never a database or Redis from the shell.
  const inherited = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'WEB_CONCURRENCY', 'PUBLIC_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) {
    delete inherited[key];
  }
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.exitCode === null && process.kill(child.pid, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server stopped before it was ready (exit ${child.exitCode}):\n${stderr}`);
    }
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready within ${timeoutMs / 1000} s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, pid: child.pid, stop };
}
