import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokens } from '../../src/server/modules/auth/tokens.ts';

const SECRET = 'a-test-secret-of-forty-eight-characters-at-least!';

describe('tokens: a verified token is kept, its expiry checked on every call', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same session for a token verified before, and null once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const tokens = createTokens(SECRET, '10m');
    const token = await tokens.sign({ userId: 7, sessionVersion: 2 });
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ userId: 7, sessionVersion: 2 });
    expect(first?.expiresAt.toISOString()).toBe('2026-11-27T10:10:00.000Z');
    expect(await tokens.verify(token)).toEqual(first);
    // A second before its expiry it still opens; at its expiry it does not (as jose's own check).
    vi.setSystemTime(new Date('2026-11-27T10:09:59Z'));
    expect(await tokens.verify(token)).toEqual(first);
    vi.setSystemTime(new Date('2026-11-27T10:10:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    // Forgotten once expired: a clock set back (it never goes back, but the check is jose's again) verifies it anew.
    vi.setSystemTime(new Date('2026-11-27T10:05:00Z'));
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('keeps nothing for a token that differs from a verified one by one character, or is signed with another secret', async () => {
    const tokens = createTokens(SECRET, '1h');
    const token = await tokens.sign({ userId: 3, sessionVersion: 0 });
    expect(await tokens.verify(token)).toMatchObject({ userId: 3 });
    // The signature's first character (its last one carries two unused bits: changing only those is the same signature).
    const at = token.lastIndexOf('.') + 1;
    const changed = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(changed).not.toBe(token);
    expect(await tokens.verify(changed)).toBeNull();
    const other = await createTokens(`${SECRET}-other`, '1h').sign({ userId: 3, sessionVersion: 0 });
    expect(await tokens.verify(other)).toBeNull();
    expect(await createTokens(`${SECRET}-other`, '1h').verify(token)).toBeNull();
  });
});
