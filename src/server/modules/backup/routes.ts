import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Handlers } from '../../plugins/calls.ts';
import { systemActor } from '../audit/service.ts';
import { actorOf } from '../auth/guards.ts';
import type { BackupService } from './service.ts';

export const MAINTENANCE_HEADER = 'x-emporium-maintenance';

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

export interface BackupHandlersOptions {
  /** The administrators' guard: the command line of this server passes without it. */
  requireAdmin: preHandlerAsyncHookHandler;
  /**
   * A secret the running server shares with the command line (through a file only its user can read), so
   * `npm run backup` can ask the server that holds the embedded database for a backup.
   */
  maintenanceToken?: string | undefined;
}

/** The whole shop as one download, for administrators (and for the command line of this server). */
export const backupHandlers = (backups: BackupService, { requireAdmin, maintenanceToken }: BackupHandlersOptions) => {
  const fromCommandLine = (request: FastifyRequest) => {
    const given = request.headers[MAINTENANCE_HEADER];
    return maintenanceToken !== undefined && typeof given === 'string' && sameSecret(given, maintenanceToken);
  };
  return {
    backup: {
      authorize: async function (request, reply) {
        if (!fromCommandLine(request)) await requireAdmin.call(this, request, reply);
      },
      handle: async (request, reply) => {
        const { name, file } = await backups.download(fromCommandLine(request) ? systemActor('command line') : actorOf(request));
        return reply
          .type('application/gzip')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(file);
      },
    },
  } satisfies Partial<Handlers>;
};
