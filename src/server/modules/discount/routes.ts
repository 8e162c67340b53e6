import type { Handlers } from '../../plugins/calls.ts';
import { actorOf } from '../auth/guards.ts';
import { toWireCode } from './mapper.ts';
import type { DiscountService } from './service.ts';

export const discountHandlers = (codes: DiscountService) =>
  ({
    discountCodes: async (request) => {
      const page = await codes.page(request.query.page ?? 1, request.query.q || undefined);
      return { success: true, codes: page.items.map(toWireCode), total: page.total, page: page.page, pageSize: page.pageSize };
    },

    discountCode: async (request) => ({ success: true, message: 'Discount code', code: toWireCode(await codes.get(request.params.id)) }),

    createDiscountCode: async (request) => {
      const made = await codes.create(request.body, actorOf(request));
      return { success: true, message: `${made.row.code} is created`, code: toWireCode(made) };
    },

    generateDiscountCodes: async (request) => {
      const made = await codes.batch(request.body, actorOf(request));
      return { success: true, message: `${made.codes.length} codes made`, batch: made.batch, codes: made.codes };
    },

    updateDiscountCode: async (request) => {
      const changed = await codes.update(request.params.id, request.body, actorOf(request));
      return { success: true, message: `${changed.row.code} is updated`, code: toWireCode(changed) };
    },

    deleteDiscountCode: async (request) => {
      const gone = await codes.remove(request.params.id, actorOf(request));
      return { success: true, message: `${gone.code} is deleted` };
    },

  }) satisfies Partial<Handlers>;
