import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.ts';
import { getOrCreateSetting } from '../settings/repo.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'emporium';

export interface Tokens {
  sign(userId: number): Promise<string>;
  /** The user id the token was issued to, or null when it is not valid (bad signature, expired, malformed). */
  verify(token: string): Promise<number | null>;
}

/** JWT_SECRET, or a secret generated once and kept in the database so that every process agrees. */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return getOrCreateSetting(db, 'jwt_secret', randomBytes(48).toString('base64url'));
}

export function createTokens(secret: string, expiresIn: string): Tokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        const id = Number(payload.sub);
        return Number.isInteger(id) && id > 0 ? id : null;
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
