import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { builtIsCurrent } from '../../scripts/build-fingerprint.mjs';
import { waitFor } from './wait-for.ts';

/** A port nothing listens on now, asked of the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote so far, standard output and error. */
  output: () => string;
  exited: Promise<number | null>;
}

let built: boolean | undefined;

/**
 * Node's arguments to run one of the server's scripts (`server`, `cli/backup`…): the built one, as `npm
 * start` runs it, when dist/ was built from these very sources (`npm test` builds first), else the source
 * through tsx (a run of one test file while editing). The same code either way; the built one starts in
 * two thirds of the time (no compiling at each start).
 */
export function serverScript(name: string): string[] {
  built ??= builtIsCurrent();
  return built ? [`dist/server/${name}.js`] : ['--import', 'tsx', `src/server/${name}.ts`];
}

/** The real start script as a process (see serverScript), with exactly this environment. */
export function spawnServer(env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, serverScript('server'), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * The environment of a real server process: this one's, without the test run's database addresses (the
 * server uses DATA_DIR unless `extra` names a DATABASE_URL), as a production start on this machine only.
 */
export function serverEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { TEST_DATABASE_URL: _test, DATABASE_URL: _url, ...inherited } = process.env;
  return { ...inherited, NODE_ENV: 'production', LOG_LEVEL: 'info', SEED_DEMO: 'false', HOST: '127.0.0.1', ...extra };
}

/** The reason to stop waiting for a server process: it has exited (with what it wrote). */
export const stoppedReason = (server: ServerProcess) => () => (server.child.exitCode !== null ? `the server stopped:\n${server.output()}` : null);

/** Wait (up to 90 s: a start on a busy two-core machine can take that long) until the server at `base` answers /readyz; fails at once, with its output, if it stops. */
export function waitReady(base: string, server: ServerProcess): Promise<true> {
  return waitFor(() => fetch(`${base}/readyz`).then((res) => res.ok, () => false), {
    timeoutMs: 90_000,
    everyMs: 150,
    what: `the server at ${base}`,
    stopIf: stoppedReason(server),
  });
}
