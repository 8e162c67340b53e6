import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';

export const forgotPassword = (body: ForgotPasswordBody) => api.call('forgotPassword', { body });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
