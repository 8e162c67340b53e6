import type { PublicUser } from '../../contract/user.ts';
import { createStoredStore, useStore } from '../lib/create-store.ts';

/** The session as spec.md keeps it: `{user, token}` under the storage key `auth`. */
export interface AuthSession {
  user: PublicUser;
  token: string;
}

export const AUTH_STORAGE_KEY = 'auth';

export function parseSession(raw: unknown): AuthSession | null {
  if (!raw || typeof raw !== 'object') return null;
  const { user, token } = raw as { user?: unknown; token?: unknown };
  if (typeof token !== 'string' || token.length === 0 || !user || typeof user !== 'object') return null;
  return { user: user as PublicUser, token };
}

export const authStore = createStoredStore<AuthSession | null>(AUTH_STORAGE_KEY, parseSession, null);

export const signIn = (session: AuthSession) => authStore.set(session);
export const signOut = () => authStore.set(null);
/**
 * After a profile update the stored user is replaced, so the header and dashboard show it at once; a
 * password change ends every earlier session, and the server sends this one a new token.
 */
export const replaceUser = (user: PublicUser, token?: string) => {
  const session = authStore.get();
  if (session) authStore.set({ ...session, user, ...(token ? { token } : {}) });
};

export const useAuth = () => useStore(authStore);
