import { randomBytes } from 'node:crypto';
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

export interface Tokens {
  sign(subject: TokenSubject): Promise<string>;
  /** The subject of a valid token, or null when it is not valid (bad signature, expired, malformed). */
  verify(token: string): Promise<TokenSubject | null>;
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
        .setExpirationTime(expiresIn)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        const userId = Number(payload.sub);
        // Tokens issued before session versions existed carry none: they belong to version 0.
        const sessionVersion = payload.sv === undefined ? 0 : payload.sv;
        if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(sessionVersion)) return null;
        return { userId, sessionVersion: sessionVersion as number };
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
