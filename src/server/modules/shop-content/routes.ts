import { bannerPicture } from '../../lib/image.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { matchesEtag } from '../../plugins/answer-cache.ts';
import type { Handlers } from '../../plugins/calls.ts';
import { actorOf } from '../auth/guards.ts';
import { toWireBanner, toWireShopContent } from './mapper.ts';
import type { ShopContentService } from './service.ts';

export const shopContentHandlers = (shop: ShopContentService) =>
  ({
    shopContent: async () => ({ success: true, ...toWireShopContent(await shop.content()) }),

    updateShopDetails: async (request) => ({
      success: true,
      message: 'Shop details saved',
      details: await shop.updateDetails(request.body, actorOf(request)),
    }),

    addBanner: async (request) => {
      const { fields, file } = request.form;
      if (!file) throw badRequest('image: is required');
      const banners = await shop.addBanner(fields, await bannerPicture(file), actorOf(request));
      return { success: true, message: 'Banner added', banners: banners.map(toWireBanner) };
    },

    updateBanner: async (request) => {
      const { fields, file } = request.form;
      const picture = file ? await bannerPicture(file) : null;
      const banners = await shop.updateBanner(request.params.id, fields, picture, actorOf(request));
      return { success: true, message: 'Banner saved', banners: banners.map(toWireBanner) };
    },

    deleteBanner: async (request) => {
      const banners = await shop.deleteBanner(request.params.id, actorOf(request));
      return { success: true, message: 'Banner deleted', banners: banners.map(toWireBanner) };
    },

    bannerImage: async (request, reply) => {
      const etag = await shop.bannerEtag(request.params.id);
      if (!etag) return reply.code(404).send({ success: false, message: 'Banner not found' });
      reply.header('etag', etag);
      reply.header('cache-control', request.query.v ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const found = await shop.bannerImage(request.params.id);
      if (!found) return reply.code(404).send({ success: false, message: 'Banner not found' });
      reply.header('etag', found.etag);
      return reply.type('image/webp').send(Buffer.from(found.image));
    },
  }) satisfies Partial<Handlers>;
