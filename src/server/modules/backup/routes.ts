import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/http-errors.ts';
import { type Actor, recordChange, systemActor } from '../audit/repo.ts';
import { actorOf, type Guards } from '../auth/guards.ts';
import { backupFileName, backupToFile } from './service.ts';

export interface BackupRoutesOptions {
  db: Db;
  guards: Guards;
  engine: string;
  /**
   * A secret the running server shares with the command line (through a file only its user can read), so
   * `npm run backup` can ask the server that holds the embedded database for a backup.
   */
  maintenanceToken?: string | undefined;
}

export const MAINTENANCE_HEADER = 'x-emporium-maintenance';

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** The whole shop as one download, for administrators (and for the command line of this server). */
export const backupRoutes: FastifyPluginAsyncZod<BackupRoutesOptions> = async (app, { db, guards, engine, maintenanceToken }) => {
  let busy = false;
  const fromCommandLine = (request: FastifyRequest) => {
    const given = request.headers[MAINTENANCE_HEADER];
    return maintenanceToken !== undefined && typeof given === 'string' && sameSecret(given, maintenanceToken);
  };

  app.get(
    '/backup',
    {
      preHandler: async (request, reply) => {
        if (!fromCommandLine(request)) await guards.requireAdmin.call(app, request, reply);
      },
      schema: {
        tags: ['admin'],
        description: 'The whole shop (a consistent snapshot) as one gzip file of JSON lines, for `npm run restore`.',
      },
    },
    async (request, reply) => {
      if (busy) throw conflict('A backup is being made; try again when it is done');
      busy = true;
      const dir = await mkdtemp(join(tmpdir(), 'emporium-backup-'));
      const name = backupFileName();
      try {
        const actor: Actor = fromCommandLine(request) ? systemActor('command line') : actorOf(request);
        const summary = await backupToFile(db, engine, join(dir, name));
        await recordChange(db, actor, { action: 'backup.download', entity: 'backup', entityId: null, after: { file: name, rows: summary.tables } });
      } catch (error) {
        busy = false;
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
      busy = false;
      const file = createReadStream(join(dir, name));
      file.on('close', () => void rm(dir, { recursive: true, force: true }));
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
};
