import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MailStatus } from '../../../contract/mail.ts';
import { api } from '../../lib/api-client.ts';

/** GET mails?page=N&status=…: a page of the outbox (20, newest first), the failed count and how mails leave. */
export const mailsQuery = (page: number, status: MailStatus | null) =>
  queryOptions({
    queryKey: ['mails', 'list', status ?? 'all', page],
    queryFn: () => api.call('mails', { query: { page, status: status ?? undefined } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useMails = (page: number, status: MailStatus | null) => useQuery(mailsQuery(page, status));
