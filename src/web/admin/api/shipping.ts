import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RateBody, ShippingSettingsResponse, ZoneBody } from '../../../contract/checkout.ts';
import { api } from '../../lib/api-client.ts';

/** GET admin/shipping: the zones with their delivery methods and tax rates, and whether prices include tax. */
export const shippingQuery = queryOptions({ queryKey: ['admin', 'shipping'], queryFn: () => api.call('shippingSettings') });
export const useShipping = () => useQuery(shippingQuery);

type Change =
  | { call: 'createShippingZone'; body: ZoneBody }
  | { call: 'updateShippingZone'; zoneId: string; body: ZoneBody }
  | { call: 'deleteShippingZone'; zoneId: string }
  | { call: 'createShippingRate'; zoneId: string; body: RateBody }
  | { call: 'updateShippingRate'; rateId: string; body: RateBody }
  | { call: 'deleteShippingRate'; rateId: string }
  | { call: 'setPricesIncludeTax'; pricesIncludeTax: boolean };

function send(change: Change): Promise<ShippingSettingsResponse> {
  switch (change.call) {
    case 'createShippingZone':
      return api.call('createShippingZone', { body: change.body });
    case 'updateShippingZone':
      return api.call('updateShippingZone', { params: { zoneId: change.zoneId }, body: change.body });
    case 'deleteShippingZone':
      return api.call('deleteShippingZone', { params: { zoneId: change.zoneId } });
    case 'createShippingRate':
      return api.call('createShippingRate', { params: { zoneId: change.zoneId }, body: change.body });
    case 'updateShippingRate':
      return api.call('updateShippingRate', { params: { rateId: change.rateId }, body: change.body });
    case 'deleteShippingRate':
      return api.call('deleteShippingRate', { params: { rateId: change.rateId } });
    case 'setPricesIncludeTax':
      return api.call('setPricesIncludeTax', { body: { pricesIncludeTax: change.pricesIncludeTax } });
  }
}

/** Every owner's change of the zones answers them all: the screen shows that answer. */
export const useShippingChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(shippingQuery.queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['checkout'] });
    },
  });
};
