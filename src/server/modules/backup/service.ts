import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/http-errors.ts';
import { claimTurn } from '../../lib/turns.ts';
import { type Actor, recordChange } from '../audit/service.ts';
import { type BackupSummary, writeBackup } from './archive.ts';

/** `emporium-backup-2026-11-24T013000Z.jsonl.gz`: sorts by time, safe in every file system. */
export const backupFileName = (at = new Date()) =>
  // Stryker disable next-line Regex: toISOString() always ends in one '.sssZ', so the anchor changes nothing
  `emporium-backup-${at.toISOString().replace(/[:]/g, '').replace(/\.\d+Z$/, 'Z')}.jsonl.gz`;
const BACKUP_FILE = /^emporium-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.jsonl\.gz$/;

/**
 * A backup into `path`, written beside it first and renamed when whole (a crash never leaves half a file there).
 * `beforePublish` runs when the file is whole, just before the rename (the schedule makes room there).
 */
export async function backupToFile(db: Db, engine: string, path: string, beforePublish?: () => Promise<unknown>): Promise<BackupSummary> {
  const partial = `${path}.partial`;
  const lines = new PassThrough();
  const written = pipeline(lines, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  try {
    const [summary] = await Promise.all([writeBackup(db, engine, lines).catch((error: unknown) => {
      lines.destroy(error as Error);
      throw error;
    }), written]);
    await beforePublish?.();
    await rename(partial, path);
    return summary;
  } catch (error) {
    // The file is closed before it goes (a failed backup leaves no open file, nor a file opened after its removal).
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

export interface BackupSchedule {
  dir: string;
  everyHours: number;
  keep: number;
}

/**
 * Scheduled backups into `dir`: one every `everyHours`, the newest `keep` kept. With several processes on
 * one database, the one that claims the turn in the database makes it (the others see it taken).
 */
export function startBackupSchedule(db: Db, engine: string, schedule: BackupSchedule, log: FastifyBaseLogger): () => void {
  const everyMs = schedule.everyHours * 3_600_000;
  let running = false;
  // The turn is taken when the last backup is older than the period (less a little, for timer drift).
  // Stryker disable next-line StringLiteral: the name of the turn's row in app_settings; any name no other job uses behaves the same
  const claim = () => claimTurn(db, 'backup.last', everyMs * 0.95);
  const tick = async () => {
    // Stryker disable next-line ConditionalExpression: a second tick of this process while its backup runs finds the turn just recorded by claimTurn and stops there too (unless a backup outlasts 95 % of the period, which no test can make happen)
    if (running) return;
    // Stryker disable next-line BooleanLiteral: as above, claimTurn refuses the second tick as well
    running = true;
    try {
      if (!(await claim())) return;
      await mkdir(schedule.dir, { recursive: true });
      const name = backupFileName();
      const started = performance.now();
      // Room is made once the new backup is whole and before it is published: the folder never holds more
      // than `keep` backups, and never fewer than `keep - 1` whole ones.
      // Stryker disable next-line ArrayDeclaration: always replaced in beforePublish before it is read
      let old: string[] = [];
      const summary = await backupToFile(db, engine, join(schedule.dir, name), async () => {
        old = (await readdir(schedule.dir)).filter((file) => BACKUP_FILE.test(file)).sort().reverse().slice(schedule.keep - 1);
        // Stryker disable next-line ObjectLiteral,BooleanLiteral: each file was just listed and only the turn's holder removes backups; force matters only for a file someone deletes by hand in the milliseconds between
        await Promise.all(old.map((file) => rm(join(schedule.dir, file), { force: true })));
      });
      log.info({ file: name, ms: Math.round(performance.now() - started), rows: summary.tables, removed: old.length }, 'scheduled backup written');
    } catch (error) {
      log.error({ err: error }, 'scheduled backup failed (the next try is at the next check)');
    } finally {
      running = false;
    }
  };
  const checkEvery = Math.max(1000, Math.min(5 * 60_000, everyMs / 4));
  const timer = setInterval(() => void tick(), checkEvery);
  timer.unref();
  const first = setTimeout(() => void tick(), Math.min(checkEvery, 10_000));
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}

/** Backups to download (the admin area's Data screen, `npm run backup` asking this server): one at a time. */
export function createBackupService(db: Db, engine: string) {
  let busy = false;
  return {
    /** A backup in a temporary file, recorded in the audit log; the file goes when the stream closes. */
    async download(actor: Actor): Promise<{ name: string; file: ReadStream }> {
      if (busy) throw conflict('A backup is being made; try again when it is done');
      busy = true;
      const dir = await mkdtemp(join(tmpdir(), 'emporium-backup-'));
      const name = backupFileName();
      try {
        const summary = await backupToFile(db, engine, join(dir, name));
        await recordChange(db, actor, { action: 'backup.download', entity: 'backup', entityId: null, after: { file: name, rows: summary.tables } });
      } catch (error) {
        busy = false;
        await rm(dir, {
          recursive: true,
          // Stryker disable next-line BooleanLiteral: the folder was made by this call a moment ago, so force (a missing folder is no error) changes nothing
          force: true,
        });
        throw error;
      }
      busy = false;
      const file = createReadStream(join(dir, name));
      file.on('close', () => {
        void rm(dir, {
          recursive: true,
          // Stryker disable next-line BooleanLiteral: the folder was made by this call and is removed only here, so force changes nothing
          force: true,
        });
      });
      return { name, file };
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;

/** Scheduled backups (BACKUP_DIR) from the app's start to its close. */
export function scheduleBackups(app: FastifyInstance, db: Db, engine: string, schedule: BackupSchedule): void {
  let stop = () => {};
  app.addHook('onReady', async () => {
    stop = startBackupSchedule(db, engine, schedule, app.log);
  });
  app.addHook('onClose', async () => stop());
}
