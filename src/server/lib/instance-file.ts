import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The running server's note in DATA_DIR (the embedded database belongs to one process): which process,
 * where it answers, and a secret that lets the command line ask it for a backup. Only its user can read it.
 */
export interface Instance {
  pid: number;
  url: string;
  token: string;
}

const FILE = 'emporium-server.json';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The server that runs on `dataDir` now, if any (a note left by a process that died is ignored). */
export function liveInstance(dataDir: string): Instance | null {
  try {
    const instance = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as Instance;
    return instance.pid !== process.pid && alive(instance.pid) ? instance : null;
  } catch {
    return null;
  }
}

export function writeInstance(dataDir: string, instance: Instance): void {
  writeFileSync(join(dataDir, FILE), JSON.stringify(instance), { mode: 0o600 });
}

export function removeInstance(dataDir: string): void {
  try {
    const instance = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as Instance;
    if (instance.pid === process.pid) rmSync(join(dataDir, FILE), { force: true });
  } catch {
    // nothing to remove
  }
}
