import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteBody } from '../../../../contract/checkout.ts';
import { api } from '../../../lib/api-client.ts';

/** POST checkout/quote: the summary (shipping choices, tax lines, total) for a cart and an address, as an order placed now keeps it. */
export const quoteQuery = (body: QuoteBody | null) =>
  queryOptions({
    queryKey: ['checkout', 'quote', body],
    queryFn: () => api.call('checkoutQuote', { body: body as QuoteBody }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useQuote = (body: QuoteBody | null) => useQuery(quoteQuery(body));
