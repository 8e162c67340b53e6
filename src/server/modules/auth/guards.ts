import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Actor } from '../audit/service.ts';
import type { UserRow } from '../user/service.ts';
import type { AuthService } from './service.ts';
import { type TokenSession, tokenFromHeader } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    currentSession: TokenSession | null;
  }
}

export interface Guards {
  requireUser: preHandlerAsyncHookHandler;
  requireAdmin: preHandlerAsyncHookHandler;
}

/** Route guards: the user comes from the database on every call, so a demoted admin loses access at once. */
export function createGuards(auth: AuthService): Guards {
  const load = async (request: FastifyRequest) => {
    const { user, session } = await auth.authenticate(tokenFromHeader(request.headers.authorization));
    request.currentUser = user;
    request.currentSession = session;
    return user;
  };
  return {
    requireUser: async (request) => {
      await load(request);
    },
    requireAdmin: async (request) => {
      auth.assertAdmin(await load(request));
    },
  };
}

/** The signed-in user of a route behind a guard. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new Error('route is missing its guard');
  return request.currentUser;
}

/** The session (token) of a route behind a guard. */
export function sessionOf(request: FastifyRequest): TokenSession {
  if (!request.currentSession) throw new Error('route is missing its guard');
  return request.currentSession;
}

/** The signed-in user of a route behind a guard, as the audit log records them (with their address). */
export function actorOf(request: FastifyRequest): Actor & { address: string } {
  const user = userOf(request);
  return { id: user.id, name: user.name, address: request.ip };
}
