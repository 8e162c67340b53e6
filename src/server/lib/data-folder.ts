import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** DATA_DIR and every folder in it: only the shop's own user may enter. */
export const FOLDER_MODE = 0o700;
/** Every file in DATA_DIR (the embedded database, which holds the signing secret; kept mails with reset links). */
export const FILE_MODE = 0o600;

/**
 * Makes DATA_DIR private to the shop's user: the process's umask is set so that every file and folder it
 * creates from now on (the embedded database's, kept mails, backups) is its user's only (0600 / 0700), the
 * folder is created 0700 (unless `create` is false: it is then only tightened if it is there), and an
 * existing one that others could read is tightened, with what is in it. Returns how many entries were
 * tightened (the server logs it). `memory://` (an in-memory database) has no folder.
 */
export function secureDataFolder(dataDir: string, { create = true } = {}): { tightened: number } {
  process.umask(0o077);
  if (dataDir.startsWith('memory://') || (!create && !existsSync(dataDir))) return { tightened: 0 };
  mkdirSync(dataDir, { recursive: true, mode: FOLDER_MODE });
  return { tightened: tighten(dataDir) };
}

/**
 * Takes every permission of group and others off `path` and what is under it (folders 0700, files 0600;
 * links are left alone). Returns how many entries it changed.
 */
export function tighten(path: string): number {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return 0;
  let tightened = 0;
  if ((stat.mode & 0o077) !== 0) {
    chmodSync(path, stat.isDirectory() ? FOLDER_MODE : FILE_MODE);
    tightened += 1;
  }
  if (stat.isDirectory()) for (const name of readdirSync(path)) tightened += tighten(join(path, name));
  return tightened;
}
