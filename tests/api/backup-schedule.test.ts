import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { testEnv } from '../../src/server/env.ts';
import { restoreBackup } from '../../src/server/modules/backup/archive.ts';
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

  beforeAll(async () => {
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
    expect(most).toBeLessThanOrEqual(2);
    // The older ones are gone; the newest logged is there (a turn still running may have published its own).
    const present = files();
    const logged = turns.map((turn) => turn.file).sort();
    expect(present).toContain(logged.at(-1));
    expect(logged.slice(0, -2).filter((name) => present.includes(name))).toEqual([]);
    // Each turn made once: no two backups (from either process) started within less than a period less the
    // claim's allowance for timer drift (5 %) and a little for the steps between the claim and the start.
    const times = turns.map((turn) => turn.started).sort((a, b) => a - b);
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
