import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { signIn } from '../../../stores/auth-store.ts';

export const login = (body: LoginBody) => api.call('login', { body });

/** On success the session (user and token) is stored under `auth`. */
export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onSuccess: (data) => signIn({ user: data.user, token: data.token }),
  });
