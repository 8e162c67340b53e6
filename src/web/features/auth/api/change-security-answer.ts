import { useMutation } from '@tanstack/react-query';
import type { SecurityAnswerBody } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';

/** PUT security-answer `{answer, currentPassword}`: 403 when the password is not the current one. */
export const changeSecurityAnswer = (body: SecurityAnswerBody) => api.call('changeSecurityAnswer', { body });

export const useChangeSecurityAnswer = () => useMutation({ mutationFn: changeSecurityAnswer });
