import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** GET admin/discount-codes?page=N&q=…: a page of codes (25), newest first, each with its uses and revenue. */
export const discountCodesQuery = (page: number, q: string) =>
  queryOptions({
    queryKey: ['discount-codes', 'list', page, q],
    queryFn: () => api.call('discountCodes', { query: { page, q: q || undefined } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useDiscountCodes = (page: number, q: string) => useQuery(discountCodesQuery(page, q));
