import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** GET mails/{mailId}: one mail with its plain text. */
export const mailQuery = (mailId: string) =>
  queryOptions({
    queryKey: ['mails', 'one', mailId],
    queryFn: () => api.call('mail', { params: { mailId } }).then((data) => data.mail),
  });

export const useMail = (mailId: string) => useQuery(mailQuery(mailId));
