import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

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

/** The real start script (src/server/server.ts through tsx) as a process, with exactly this environment. */
export function spawnServer(env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Wait (up to 60 s: a start on a busy two-core machine can take that long) until the server at `base` answers /readyz; fails at once, with its output, if it stops. */
export async function waitReady(base: string, server: ServerProcess): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
}
