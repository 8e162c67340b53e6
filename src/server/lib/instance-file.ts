import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The embedded database in DATA_DIR belongs to one process: a server, or a command (backup, restore,
 * promote-admin) while it runs. That process holds DATA_DIR's lock: a local socket only one process can
 * listen on, which the operating system releases when the process ends, however it ends (kill -9, a
 * crash, a reboot). A note in DATA_DIR says who holds it and, for a running server, where it answers and
 * a secret that lets the command line ask it for a backup; only its user can read it. The note alone
 * proves nothing (a process that died leaves it behind): only the lock does.
 */
export interface Instance {
  pid: number;
  url: string;
  token: string;
}

interface Note {
  pid: number;
  /** 'server', or the command that holds the folder. */
  holder: string;
  url?: string;
  token?: string;
}

const FILE = 'emporium-server.json';

/**
 * The lock's address for a folder: on Linux a socket in the abstract namespace (no file: it is gone with
 * the process), on Windows a named pipe (the same), elsewhere a socket file in the temporary folder (one
 * left by a process that died answers no connection, and is taken over).
 */
function lockAddress(dataDir: string): string {
  const id = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 32);
  if (process.platform === 'linux') return `\0emporium-data-${id}`;
  if (process.platform === 'win32') return `\\\\?\\pipe\\emporium-data-${id}`;
  return join(tmpdir(), `emporium-data-${id}.sock`);
}

const leavesFile = (address: string) => !address.startsWith('\0') && !address.startsWith('\\\\');

/** Whether a process listens on the address (holds the lock). */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
}

function readNote(dataDir: string): Note | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as Note;
  } catch {
    return null;
  }
}

const writeNote = (dataDir: string, note: Note) => writeFileSync(join(dataDir, FILE), JSON.stringify(note), { mode: 0o600 });

export interface DataDirLock {
  /** The server answers at `url`: noted for the command line (with the secret it accepts). */
  announce(instance: Omit<Instance, 'pid'>): void;
  /** The server is closing: the command line no longer asks it (it still holds the folder). */
  retire(): void;
  /** Lets the folder go (the note is removed; the OS would release the lock anyway when the process ends). */
  release(): Promise<void>;
}

/** Who holds a folder's lock, for a refusal's message. */
function holderOf(dataDir: string): string {
  const note = readNote(dataDir);
  if (!note) return 'another Emporium process';
  if (note.holder === 'server') return `another Emporium server (pid ${note.pid}${note.url ? `, ${note.url}` : ''})`;
  return `another Emporium process (pid ${note.pid}, ${note.holder})`;
}

/**
 * Takes DATA_DIR (which must exist) for this process, `holder` saying what it is ('server' or a command),
 * or throws naming the process that has it.
 */
export async function lockDataDir(dataDir: string, holder: string): Promise<DataDirLock> {
  const address = lockAddress(dataDir);
  // A connection only asks "is anyone there?": it is closed at once.
  const server = createServer((socket) => socket.destroy());
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (!leavesFile(address) || (await answers(address))) throw new Error(`${holderOf(dataDir)} runs on DATA_DIR ${dataDir}`);
    rmSync(address, { force: true }); // a socket file left by a process that died
    await listen(server, address);
  }
  server.unref();
  const note: Note = { pid: process.pid, holder };
  writeNote(dataDir, note);
  const removeNote = () => {
    if (readNote(dataDir)?.pid === process.pid) rmSync(join(dataDir, FILE), { force: true });
  };
  process.once('exit', removeNote);
  return {
    announce: (instance) => writeNote(dataDir, { ...note, ...instance }),
    retire: () => writeNote(dataDir, note),
    release: async () => {
      removeNote();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The server that runs on `dataDir` now, if any: one holds its lock and has said where it answers. */
export async function liveInstance(dataDir: string): Promise<Instance | null> {
  if (!existsSync(dataDir) || !(await answers(lockAddress(dataDir)))) return null;
  const note = readNote(dataDir);
  return note?.holder === 'server' && note.url && note.token ? { pid: note.pid, url: note.url, token: note.token } : null;
}
