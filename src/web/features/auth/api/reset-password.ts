import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';

/** POST reset-password `{token, newPassword}`: 400 when the link was used already or is too old. */
export const resetPassword = (body: ResetPasswordBody) => api.call('resetPassword', { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
