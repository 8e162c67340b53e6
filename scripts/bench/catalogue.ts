// A large catalogue for measurements: 20 categories and `total` products whose words are spread evenly, so
// that each of the 25 adjectives is in 4 % of the names (a "common" search word) and `zzyzx` in none.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../src/server/db/client.ts';
import { productPhotos } from '../../src/server/db/schema.ts';
import { photoEtag } from '../../src/server/lib/image.ts';

export const ADJECTIVES = [
  'wireless', 'classic', 'organic', 'compact', 'deluxe', 'smart', 'vintage', 'eco', 'rugged', 'silky',
  'golden', 'arctic', 'urban', 'nordic', 'rustic', 'modern', 'royal', 'sunny', 'misty', 'bold',
  'gentle', 'swift', 'cosy', 'lunar', 'velvet',
] as const;
export const NOUNS = [
  'headphones', 'lamp', 'kettle', 'backpack', 'jacket', 'novel', 'blender', 'sneakers', 'watch', 'mug',
  'speaker', 'tent', 'scarf', 'camera', 'chair', 'pillow', 'bottle', 'helmet', 'wallet', 'candle',
] as const;
export const CATEGORY_COUNT = 20;

export async function seedBenchCatalogue(db: Db, total: number): Promise<void> {
  const adjectives = sql.raw(`array[${ADJECTIVES.map((word) => `'${word}'`).join(',')}]`);
  const nouns = sql.raw(`array[${NOUNS.map((word) => `'${word}'`).join(',')}]`);
  await db.execute(sql`
    insert into categories (name, slug)
    select 'Bench category ' || g, 'bench-category-' || g from generate_series(1, ${CATEGORY_COUNT}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into products (name, slug, description, price_cents, quantity, shipping, category_id, created_at, updated_at)
    select
      initcap((${adjectives})[1 + g % 25]) || ' ' || (${nouns})[1 + (g / 25) % 20] || ' ' || g,
      'bench-product-' || g,
      'A ' || (array['sturdy','lightweight','handmade','waterproof','stainless steel','cotton'])[1 + g % 6] ||
        ' item for everyday use, number ' || g || ', with a long enough description to look real in a product card.',
      (g * 7919) % 25000,
      1 + g % 50,
      g % 2 = 0,
      (select id from categories where slug = 'bench-category-' || (1 + g % ${CATEGORY_COUNT})),
      timestamptz '2026-01-01' + (g || ' seconds')::interval,
      timestamptz '2026-01-01' + (g || ' seconds')::interval
    from generate_series(1, ${total}) g`);
  // A photo on the newest products, so the photo call has something to serve.
  const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#4a7bd0' } })
    .webp({ quality: 80 })
    .toBuffer();
  const newest = (await db.execute(sql`select id from products order by created_at desc, id desc limit 24`)) as unknown as {
    rows: { id: number }[];
  };
  await db
    .insert(productPhotos)
    .values(newest.rows.map((row) => ({ productId: row.id, contentType: 'image/webp', data: photo, etag: photoEtag(photo) })))
    .onConflictDoNothing();
  await db.execute(sql`update products set has_photo = true where id in (select product_id from product_photos)`);
  // What autovacuum does after a bulk load: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`vacuum analyze`);
}
