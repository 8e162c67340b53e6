import { api } from '../../../lib/api-client.ts';
import { signOut } from '../../../stores/auth-store.ts';

/**
 * Logout: the server revokes this session's token, then the browser forgets it. The browser forgets it
 * whatever the server answers (offline, or the token was already refused): signing out always works here.
 */
export async function logout(): Promise<void> {
  try {
    await api.call('logout');
  } catch {
    // Nothing to do: the session is forgotten below either way.
  } finally {
    signOut();
  }
}
