import type { Handlers } from '../../plugins/calls.ts';
import { actorOf } from '../auth/guards.ts';
import type { CheckoutService } from './service.ts';

export const checkoutHandlers = (checkout: CheckoutService) =>
  ({
    checkoutQuote: async (request) => checkout.quote(request.body),
    checkDiscountCode: async (request) => checkout.checkCode(request.body),
    deliveryCountries: async () => checkout.countries(),
    shippingSettings: async () => checkout.view(),
    createShippingZone: async (request) => checkout.createZone(request.body, actorOf(request)),
    updateShippingZone: async (request) => checkout.updateZone(request.params.zoneId, request.body, actorOf(request)),
    deleteShippingZone: async (request) => checkout.deleteZone(request.params.zoneId, actorOf(request)),
    createShippingRate: async (request) => checkout.createRate(request.params.zoneId, request.body, actorOf(request)),
    updateShippingRate: async (request) => checkout.updateRate(request.params.rateId, request.body, actorOf(request)),
    deleteShippingRate: async (request) => checkout.deleteRate(request.params.rateId, actorOf(request)),
    setPricesIncludeTax: async (request) => checkout.setPricesIncludeTax(request.body.pricesIncludeTax, actorOf(request)),
  }) satisfies Partial<Handlers>;
