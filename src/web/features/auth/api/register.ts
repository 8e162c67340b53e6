import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';

export const register = (body: RegisterBody) => api.call('register', { body });

export const useRegister = () => useMutation({ mutationFn: register });
