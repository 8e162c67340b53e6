import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** POST mails/{mailId}/resend: the mail is queued again with a fresh set of tries. */
export const resendMail = (mailId: string) => api.call('resendMail', { params: { mailId } });

/** The mail list and the owner's page (which counts failed mails) reload after a resend. */
export const useResendMail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['mails', 'resend'],
    mutationFn: resendMail,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['mails'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
};
