import type { Banner, ShopDetails } from '../../../contract/shop-content.ts';
import type { BannerRow } from './repo.ts';

/** A banner on the wire: its picture's address carries its version (cached for a year, changed with it). */
export const toWireBanner = (row: BannerRow): Banner => ({
  _id: String(row.id),
  heading: row.heading,
  text: row.text,
  link: row.link,
  image: `/api/v1/shop/banner-image/${row.id}?v=${row.etag.replaceAll('"', '').slice(0, 16)}`,
});

/** shop/content's answer (also written into every page for the web app's first render). */
export const toWireShopContent = (content: { details: ShopDetails; banners: BannerRow[] }) => ({
  details: content.details,
  banners: content.banners.map(toWireBanner),
});
