import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { testEnv } from '../../src/server/env.ts';
import { restoreBackup } from '../../src/server/modules/backup/archive.ts';
import { startBackupSchedule } from '../../src/server/modules/backup/service.ts';
import { makeCategory, makeProduct } from '../factories.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';
import { waitFor } from '../setup/wait-for.ts';

/** One scheduled backup as its process logged it ('scheduled backup written'): when it started, its file. */
interface Turn {
  process: string;
  started: number;
  file: string;
}

/** A log stream that keeps the scheduled backups this process wrote. */
function turnsOf(process: string, turns: Turn[]) {
  return {
    write: (line: string) => {
      const entry = JSON.parse(line) as { msg?: string; time: number; ms?: number; file?: string };
      if (entry.msg === 'scheduled backup written') turns.push({ process, started: entry.time - (entry.ms ?? 0), file: entry.file as string });
    },
  };
}

// A turn every 1.8 s; each process checks every second whether one is due.
const SCHEDULE = { BACKUP_EVERY_HOURS: '0.0005', BACKUP_KEEP: '2', LOG_LEVEL: 'info' } as const;
const PERIOD_MS = 0.0005 * 3_600_000;

/**
 * Two processes on one database (on the embedded engine, two apps in this process sharing it; on
 * PostgreSQL, a second connection pool): the one that claims a turn in the database makes it, the other
 * sees it taken. Each process's own log lines count its turns, so a turn made twice shows even when both
 * files get the same name.
 */
describe('scheduled backups on one database from two processes', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'emporium-backup-schedule-'));
    dirs.push(dir);
    return dir;
  };
  const turns: Turn[] = [];
  let dir: string;
  let t: TestApp;
  let second: { app: FastifyInstance; database: Database; own: boolean };
  let since: number;

  beforeAll(async () => {
    since = Date.now();
    dir = folder();
    t = await createTestApp({ ...SCHEDULE, BACKUP_DIR: dir }, { logStream: turnsOf('first', turns) });
    const category = await makeCategory(t.database.db, 'Scheduled');
    for (let n = 0; n < 5; n++) await makeProduct(t.database.db, { categoryId: category.id });
    const database = t.url ? await openDatabase({ databaseUrl: t.url, poolMax: 4 }) : t.database;
    const app = await buildApp({
      env: testEnv({ ...SCHEDULE, BACKUP_DIR: dir, DATA_DIR: folder() }),
      database,
      logStream: turnsOf('second', turns),
    });
    await app.ready();
    second = { app, database, own: database !== t.database };
  });
  afterAll(async () => {
    await second?.app.close();
    if (second?.own) await second.database.close();
    await t?.close();
    for (const path of dirs) rmSync(path, { recursive: true, force: true });
  });

  it('writes them into BACKUP_DIR, keeping the newest BACKUP_KEEP, one process making each turn', { timeout: 60_000 }, async () => {
    const files = () => readdirSync(dir).filter((name) => name.endsWith('.jsonl.gz'));
    let most = 0;
    await waitFor(
      () => {
        most = Math.max(most, files().length);
        return turns.length >= 3;
      },
      { timeoutMs: 40_000, everyMs: 50, what: 'three scheduled backups' },
    );
    // BACKUP_KEEP is reached (room is made for a new backup by removing the oldest, never more).
    expect(most).toBe(2);
    // The older ones are gone; the newest logged is there (a turn still running may have published its own).
    const present = files();
    const logged = turns.map((turn) => turn.file).sort();
    expect(present).toContain(logged.at(-1));
    expect(logged.slice(0, -2).filter((name) => present.includes(name))).toEqual([]);
    // Each turn made once: no two backups (from either process) started within less than a period less the
    // claim's allowance for timer drift (5 %) and a little for the steps between the claim and the start.
    const times = turns.map((turn) => turn.started).sort((a, b) => a - b);
    // A turn's logged duration is its own (its start, the log's time less it, is after the test began).
    expect(times[0]).toBeGreaterThanOrEqual(since);
    const gaps = times.slice(1).map((time, n) => time - (times[n] as number));
    expect(Math.min(...gaps), JSON.stringify(turns)).toBeGreaterThanOrEqual(PERIOD_MS * 0.95 - 100);
    expect(new Set(turns.map((turn) => turn.file)).size).toBe(turns.length);
    // The newest file is a whole backup of the shop.
    const newest = files().sort().at(-1) as string;
    const copy = await openDatabase({ dataDir: 'memory://' });
    try {
      await copy.migrate();
      const restored = await restoreBackup(copy.db, join(dir, newest));
      expect(restored.tables.products).toBe(5);
    } finally {
      await copy.close();
    }
  });
});

describe('a scheduled backup that fails', () => {
  it('is logged with its cause', async () => {
    const errors: { msg?: string; err?: { message?: string } }[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void errors.push(JSON.parse(line)) });
    // A database that is gone: the turn cannot even be claimed.
    const gone = await openDatabase({ dataDir: 'memory://' });
    await gone.close();
    const dir = mkdtempSync(join(tmpdir(), 'emporium-backup-schedule-'));
    const stop = startBackupSchedule(gone.db, 'pglite', { dir, everyHours: 0.0005, keep: 2 }, log);
    try {
      await waitFor(() => errors.length > 0, { timeoutMs: 10_000, what: 'the failure logged' });
    } finally {
      stop();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(errors[0]).toMatchObject({ msg: 'scheduled backup failed (the next try is at the next check)', err: { message: expect.stringMatching(/PGlite is closed/) } });
  });
});
