import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST confirm-email `{token}`: the account's address confirmed, its guest orders joined to it (400 when the link is used or old). */
export const confirmEmail = (token: string) => api.call('confirmEmail', { body: { token } });

export const useConfirmEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmEmail, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }) });
};
