import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MailsResponse, MailStatus } from '../../../contract/mail.ts';
import { api } from '../../lib/api-client.ts';

/** GET mails?page=N&status=…: a page of the outbox (20, newest first), the failed count and how mails leave. */
export const mailsQuery = (page: number, status: MailStatus | null) =>
  queryOptions({
    queryKey: ['mails', 'list', status ?? 'all', page],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page) });
      if (status) query.set('status', status);
      return api.get<MailsResponse>(`/auth/mails?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useMails = (page: number, status: MailStatus | null) => useQuery(mailsQuery(page, status));
