import { BANNERS_MAX, type ShopDetails } from '../../../contract/shop-content.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { type Actor, changedFields, recordChange } from '../audit/service.ts';
import { keptUntilNotice } from '../../lib/kept.ts';
import * as repo from './repo.ts';

export interface DetailsChange {
  email?: string;
  phone?: string;
  address?: string;
  about?: string;
  privacyPolicy?: string;
  shippingPolicy?: string;
  returnsPolicy?: string;
  announcement?: { text: string; link: string; on: boolean };
}

export interface BannerChange {
  heading: string;
  text: string;
  link: string;
  position?: number | undefined;
}

export const detailsOf = (row: repo.DetailsRow): ShopDetails => ({
  email: row.email,
  phone: row.phone,
  address: row.address,
  about: row.about,
  privacyPolicy: row.privacyPolicy,
  shippingPolicy: row.shippingPolicy,
  returnsPolicy: row.returnsPolicy,
  announcement: { text: row.announcementText, link: row.announcementLink, on: row.announcementOn },
});

/** The shop's contact details as the mails show them ('' for one not written). */
export async function shopContactOf(db: Db | Tx): Promise<{ email: string; phone: string; address: string }> {
  const row = await repo.readDetails(db);
  return { email: row.email, phone: row.phone, address: row.address };
}

/**
 * The contact details kept in memory for the mails (an order's, a status change's: a round trip fewer each;
 * read in the transaction of the mail that finds none kept): to be dropped at every notice of the catalogue's
 * channel, which a change of `shop_details` sends at its commit (drizzle/0013_shop_pages.sql), and by this
 * process's own change at once (createShopContentService's `detailsChanged`).
 */
export const keptShopContact = () => keptUntilNotice(shopContactOf);

/** The columns a change writes. */
function valuesOf(change: DetailsChange): Partial<repo.DetailsValues> {
  const { announcement, ...texts } = change;
  return {
    ...texts,
    ...(announcement
      ? { announcementText: announcement.text, announcementLink: announcement.link, announcementOn: announcement.on }
      : {}),
  };
}

/** What the audit log keeps of the details: every field by its column name (a policy's whole text). */
const audited = (row: repo.DetailsRow): Record<string, unknown> => {
  const { id: _id, updatedAt: _updatedAt, ...fields } = row;
  return fields;
};

const bannerRecord = (banner: Pick<repo.BannerRow, 'heading' | 'text' | 'link' | 'position'>) => ({
  heading: banner.heading,
  text: banner.text,
  link: banner.link,
  position: banner.position,
});

/** Move `id` to `position` (1 = first) in `order`. */
function moved(order: number[], id: number, position: number): number[] {
  const rest = order.filter((other) => other !== id);
  rest.splice(Math.min(position, rest.length + 1) - 1, 0, id);
  return rest;
}

/** The shop's own words and home banners: read by every page, written by the owner, each change in the audit log. */
export function createShopContentService(db: Db, options: { detailsChanged?: () => void } = {}) {
  return {
    async content() {
      const [details, banners] = await Promise.all([repo.readDetails(db), repo.listBanners(db)]);
      return { details: detailsOf(details), banners };
    },

    async updateDetails(change: DetailsChange, actor: Actor): Promise<ShopDetails> {
      try {
        return await db.transaction(async (tx) => {
          const before = await repo.lockDetails(tx);
          const after = await repo.writeDetails(tx, valuesOf(change));
          const diff = changedFields(audited(before), audited(after));
          if (diff) await recordChange(tx, actor, { action: 'shop.details', entity: 'shop', entityId: null, ...diff });
          return detailsOf(after);
        });
      } finally {
        options.detailsChanged?.();
      }
    },

    async addBanner(change: BannerChange, picture: { data: Buffer; etag: string }, actor: Actor) {
      return db.transaction(async (tx) => {
        const banners = await repo.lockBanners(tx);
        if (banners.length >= BANNERS_MAX) throw badRequest(`image: the shop has ${BANNERS_MAX} banners, the most it may have`);
        const id = await repo.insertBanner(tx, {
          heading: change.heading,
          text: change.text,
          link: change.link,
          position: banners.length + 1,
          image: picture.data,
          etag: picture.etag,
        });
        const order = moved([...banners.map((banner) => banner.id), id], id, change.position ?? banners.length + 1);
        await repo.renumberBanners(tx, order);
        const position = order.indexOf(id) + 1;
        await recordChange(tx, actor, {
          action: 'shop.banner.add',
          entity: 'shop',
          entityId: id,
          after: bannerRecord({ ...change, position }),
        });
        return repo.listBanners(tx);
      });
    },

    async updateBanner(id: number, change: BannerChange, picture: { data: Buffer; etag: string } | null, actor: Actor) {
      return db.transaction(async (tx) => {
        const banners = await repo.lockBanners(tx);
        const current = banners.find((banner) => banner.id === id);
        if (!current) throw notFound('Banner not found');
        await repo.updateBanner(tx, id, {
          heading: change.heading,
          text: change.text,
          link: change.link,
          ...(picture ? { image: picture.data, etag: picture.etag } : {}),
        });
        const order = moved(
          banners.map((banner) => banner.id),
          id,
          change.position ?? current.position,
        );
        await repo.renumberBanners(tx, order);
        const position = order.indexOf(id) + 1;
        const diff = changedFields(
          { ...bannerRecord(current), image: current.etag },
          { ...bannerRecord({ ...change, position }), image: picture?.etag ?? current.etag },
        );
        if (diff) await recordChange(tx, actor, { action: 'shop.banner.update', entity: 'shop', entityId: id, ...diff });
        return repo.listBanners(tx);
      });
    },

    async deleteBanner(id: number, actor: Actor) {
      return db.transaction(async (tx) => {
        const banners = await repo.lockBanners(tx);
        const current = banners.find((banner) => banner.id === id);
        if (!current) throw notFound('Banner not found');
        await repo.deleteBanner(tx, id);
        await repo.renumberBanners(
          tx,
          banners.filter((banner) => banner.id !== id).map((banner) => banner.id),
        );
        await recordChange(tx, actor, { action: 'shop.banner.delete', entity: 'shop', entityId: id, before: bannerRecord(current) });
        return repo.listBanners(tx);
      });
    },

    bannerEtag: (id: number) => repo.bannerEtag(db, id),
    bannerImage: (id: number) => repo.bannerImage(db, id),
  };
}

export type ShopContentService = ReturnType<typeof createShopContentService>;
