import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.ts';
import { getOrCreateSetting } from '../settings/service.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'emporium';

/** Who a token was issued to, and for which of their session versions (raised by a password change). */
export interface TokenSubject {
  userId: number;
  sessionVersion: number;
}

/** A valid token's subject, and the session it names (logout revokes it by `sessionId` until `expiresAt`). */
export interface TokenSession extends TokenSubject {
  sessionId: string;
  expiresAt: Date;
}

export interface Tokens {
  sign(subject: TokenSubject): Promise<string>;
  /** The session of a valid token, or null when it is not valid (bad signature, expired, malformed). */
  verify(token: string): Promise<TokenSession | null>;
}

/** JWT_SECRET, or a secret generated once and kept in the database so that every process agrees. */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return getOrCreateSetting(db, 'jwt_secret', randomBytes(48).toString('base64url'));
}

/** How many verified tokens a process keeps (each a few hundred bytes): the sessions in use at once. */
const VERIFIED_KEPT = 10_000;

export function createTokens(secret: string, expiresIn: string): Tokens {
  const key = new TextEncoder().encode(secret);
  /**
   * Tokens already verified, with their session: a token's signature and claims are a fixed function of the
   * token and the secret, so it is checked once (an HMAC through WebCrypto and a JSON parse on every signed-in
   * call before) and only its expiry again. What can change (the user, a revoked session, a new session
   * version) is read from the database on every call all the same. Oldest first out when full.
   */
  const verified = new Map<string, TokenSession>();

  async function check(token: string): Promise<TokenSession | null> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
      const userId = Number(payload.sub);
      // Tokens issued before session versions existed carry none: they belong to version 0.
      const sessionVersion = payload.sv === undefined ? 0 : payload.sv;
      if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(sessionVersion)) return null;
      if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
      // Tokens issued before sessions had ids are named by their subject and second of issue.
      const sessionId = typeof payload.jti === 'string' && payload.jti.length <= 64 ? payload.jti : `${userId}@${payload.iat}`;
      return { userId, sessionVersion: sessionVersion as number, sessionId, expiresAt: new Date(payload.exp * 1000) };
    } catch {
      return null;
    }
  }

  return {
    sign: ({ userId, sessionVersion }) =>
      new SignJWT({ sv: sessionVersion })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(expiresIn)
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt.getTime() > Date.now()) return known;
        verified.delete(token);
        return null;
      }
      const session = await check(token);
      if (session) {
        if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, session);
      }
      return session;
    },
  };
}

/** The token travels raw or as `Bearer <token>` (decisions.md section 1). */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = /^bearer /i.test(header) ? header.slice(7).trim() : header.trim();
  return token.length > 0 && token.length < 4096 ? token : null;
}
