import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { actorOf, sessionOf, userOf } from '../../src/server/modules/auth/guards.ts';

describe('what a route behind a guard reads of its request', () => {
  const user = { id: 7, name: 'Gus Guarded' };
  const session = { jti: 'session-1' };
  const guarded = { currentUser: user, currentSession: session, ip: '203.0.113.9' } as unknown as FastifyRequest;
  const unguarded = { ip: '203.0.113.9' } as unknown as FastifyRequest;

  it('is the user, the session and the actor the guard loaded', () => {
    expect(userOf(guarded)).toBe(user);
    expect(sessionOf(guarded)).toBe(session);
    expect(actorOf(guarded)).toEqual({ id: 7, name: 'Gus Guarded', address: '203.0.113.9' });
  });

  it('is a loud error, never an anonymous user, on a route that lost its guard', () => {
    expect(() => userOf(unguarded)).toThrow(/^route is missing its guard$/);
    expect(() => sessionOf(unguarded)).toThrow(/^route is missing its guard$/);
    expect(() => actorOf(unguarded)).toThrow(/^route is missing its guard$/);
  });
});
