import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { signIn } from '../../../stores/auth-store.ts';

export const login = (body: LoginBody) => api.post<LoginResponse>('/auth/login', { ...body });

/** On success the session (user and token) is stored under `auth`. */
export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onSuccess: (data) => signIn({ user: data.user, token: data.token }),
  });
