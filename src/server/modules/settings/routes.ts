import type { Handlers } from '../../plugins/calls.ts';
import { actorOf } from '../auth/guards.ts';
import type { ShopMoneyService } from './shop-money.ts';

export const settingsHandlers = (money: ShopMoneyService) =>
  ({
    shopMoney: async () => ({ success: true as const, ...(await money.view()) }),

    updateShopMoney: async (request) => ({ success: true as const, ...(await money.update(request.body, actorOf(request))) }),
  }) satisfies Partial<Handlers>;
