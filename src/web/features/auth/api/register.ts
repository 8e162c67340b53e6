import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';

export const register = (body: RegisterBody) =>
  api.post<{ success: true; message: string }>('/auth/register', { ...body });

export const useRegister = () => useMutation({ mutationFn: register });
