import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopMoneyBody } from '../../../contract/settings.ts';
import { setShopMoney } from '../../../domain/money.ts';
import { api } from '../../lib/api-client.ts';

/** GET auth/settings/money: the shop's currency and locale, and whether the currency may still change. */
export const shopMoneyQuery = () =>
  queryOptions({ queryKey: ['settings', 'money'], queryFn: () => api.call('shopMoney') });

export const useShopMoney = () => useQuery(shopMoneyQuery());

/** PUT auth/settings/money: every price on screen is then shown in the new currency and locale. */
export const useUpdateShopMoney = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['settings', 'money', 'update'],
    mutationFn: (body: ShopMoneyBody) => api.call('updateShopMoney', { body }),
    onSuccess: async (saved) => {
      setShopMoney(saved);
      // Prices read again: a new currency's prices are other numbers on the wire.
      await queryClient.invalidateQueries();
    },
  });
};
