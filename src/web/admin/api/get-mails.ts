import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MailSort, MailStatus } from '../../../contract/mail.ts';
import { api } from '../../lib/api-client.ts';

/** What the Mails list shows, as the address keeps it (`q`, `status`, `sort`, `page`). */
export interface MailListView {
  page: number;
  status: MailStatus | null;
  /** Words of the recipient's address or the subject ('' for none). */
  q: string;
  sort: MailSort;
}

/** GET mails?page=N&status=…&q=…&sort=…: a page of the outbox (20), the failed count and how mails leave. */
export const mailsQuery = (view: MailListView) =>
  queryOptions({
    queryKey: ['mails', 'list', view.status ?? 'all', view.q, view.sort, view.page],
    queryFn: () =>
      api.call('mails', {
        query: { page: view.page, status: view.status ?? undefined, q: view.q || undefined, sort: view.sort === 'newest' ? undefined : view.sort },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useMails = (view: MailListView) => useQuery(mailsQuery(view));
