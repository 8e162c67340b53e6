import { useMutation } from '@tanstack/react-query';
import type { ResetLinkBody } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';

/** POST reset-link `{email}`: the server mails a link (once, 30 minutes); its answer never says whether the address has an account. */
export const requestResetLink = (body: ResetLinkBody) => api.call('resetLink', { body });

export const useRequestResetLink = () => useMutation({ mutationFn: requestResetLink });
