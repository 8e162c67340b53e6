import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GuardKind = 'user' | 'admin';

/** GET user-auth / admin-auth: does the server accept this token (for this area)? */
export const authCheckQuery = (kind: GuardKind, token: string | undefined) =>
  queryOptions({
    queryKey: ['auth-check', kind, token],
    queryFn: () => api.call(kind === 'user' ? 'userAuth' : 'adminAuth').then((data) => data.ok === true),
    staleTime: 60_000,
    retry: false,
  });

/** Runs only when a token exists (spec.md section 6). */
export const useAuthCheck = (kind: GuardKind, token: string | undefined) =>
  useQuery({ ...authCheckQuery(kind, token), enabled: Boolean(token) });
