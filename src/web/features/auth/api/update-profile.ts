import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody } from '../../../../contract/auth.ts';
import { ADMIN_ROLE } from '../../../../contract/user.ts';
import { api } from '../../../lib/api-client.ts';
import { replaceUser } from '../../../stores/auth-store.ts';
import { authCheckQuery } from './check-auth.ts';

export const updateProfile = (body: ProfileBody) => api.call('updateProfile', { body });

/**
 * The stored user is replaced by `updatedUser`, so the header and dashboard show the change at once; after
 * a password change the new token (earlier ones are revoked) keeps this session signed in. The server has
 * just issued that token, so the guards know it is good without asking (the screen stays as it is).
 */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ updatedUser, token }) => {
      if (token) {
        queryClient.setQueryData(authCheckQuery('user', token).queryKey, true);
        if (updatedUser.role === ADMIN_ROLE) queryClient.setQueryData(authCheckQuery('admin', token).queryKey, true);
      }
      replaceUser(updatedUser, token);
    },
  });
};
