import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { homeBanners, shopDetails } from '../../db/schema.ts';

export type DetailsRow = typeof shopDetails.$inferSelect;
export type DetailsValues = Omit<typeof shopDetails.$inferInsert, 'id' | 'updatedAt'>;

const EMPTY: DetailsRow = {
  id: 1,
  email: '',
  phone: '',
  address: '',
  about: '',
  privacyPolicy: '',
  shippingPolicy: '',
  returnsPolicy: '',
  announcementText: '',
  announcementLink: '',
  announcementOn: false,
  updatedAt: new Date(0),
};

/** The one row of details (all empty before the owner writes any). */
export async function readDetails(db: Db | Tx): Promise<DetailsRow> {
  const [row] = await db.select().from(shopDetails).where(eq(shopDetails.id, 1));
  return row ?? EMPTY;
}

/** The details row, locked for a change (made first when there is none). */
export async function lockDetails(tx: Tx): Promise<DetailsRow> {
  await tx.insert(shopDetails).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx.select().from(shopDetails).where(eq(shopDetails.id, 1)).for('update');
  if (!row) throw new Error('shop details could not be stored');
  return row;
}

export async function writeDetails(tx: Tx, values: Partial<DetailsValues>): Promise<DetailsRow> {
  const [row] = await tx
    .update(shopDetails)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shopDetails.id, 1))
    .returning();
  if (!row) throw new Error('shop details could not be stored');
  return row;
}

const bannerColumns = {
  id: homeBanners.id,
  position: homeBanners.position,
  heading: homeBanners.heading,
  text: homeBanners.text,
  link: homeBanners.link,
  etag: homeBanners.etag,
};
export type BannerRow = { id: number; position: number; heading: string; text: string; link: string; etag: string };

/** The banners in order, without their pictures. */
export const listBanners = (db: Db | Tx): Promise<BannerRow[]> =>
  db.select(bannerColumns).from(homeBanners).orderBy(asc(homeBanners.position), asc(homeBanners.id));

/**
 * Every banner, for a change: changes to the banners are made one at a time (a lock of the transaction, held
 * even while there is no banner row to lock, so two adds cannot both pass the limit).
 */
export async function lockBanners(tx: Tx): Promise<BannerRow[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('home_banners'))`);
  return tx.select(bannerColumns).from(homeBanners).orderBy(asc(homeBanners.position), asc(homeBanners.id));
}

export interface BannerValues {
  heading: string;
  text: string;
  link: string;
}

export async function insertBanner(tx: Db | Tx, values: BannerValues & { position: number; image: Uint8Array; etag: string }): Promise<number> {
  const [row] = await tx.insert(homeBanners).values(values).returning({ id: homeBanners.id });
  if (!row) throw new Error('banner could not be stored');
  return row.id;
}

export async function updateBanner(tx: Tx, id: number, values: BannerValues & { image?: Uint8Array; etag?: string }): Promise<void> {
  await tx
    .update(homeBanners)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(homeBanners.id, id));
}

export async function deleteBanner(tx: Tx, id: number): Promise<void> {
  await tx.delete(homeBanners).where(eq(homeBanners.id, id));
}

/** Number the banners 1…n in this order (one statement). */
export async function renumberBanners(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update home_banners set position = ordered.position::int
    from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as ordered(id, position)
    where home_banners.id = ordered.id and home_banners.position <> ordered.position`);
}

export async function bannerEtag(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ etag: homeBanners.etag }).from(homeBanners).where(eq(homeBanners.id, id));
  return row?.etag;
}

export async function bannerImage(db: Db, id: number): Promise<{ image: Uint8Array; etag: string } | undefined> {
  const [row] = await db.select({ image: homeBanners.image, etag: homeBanners.etag }).from(homeBanners).where(eq(homeBanners.id, id));
  return row;
}
