import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET checkout/countries: the countries the shop delivers to (none and `zones: false`: anywhere, no shipping or tax). */
export const deliveryCountriesQuery = queryOptions({
  queryKey: ['checkout', 'countries'],
  queryFn: () => api.call('deliveryCountries'),
  staleTime: 5 * 60_000,
});

export const useDeliveryCountries = () => useQuery(deliveryCountriesQuery);
