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

export function createTokens(secret: string, expiresIn: string): Tokens {
  const key = new TextEncoder().encode(secret);
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
    },
  };
}

/** The token travels raw or as `Bearer <token>` (decisions.md section 1). */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = /^bearer /i.test(header) ? header.slice(7).trim() : header.trim();
  return token.length > 0 && token.length < 4096 ? token : null;
}
