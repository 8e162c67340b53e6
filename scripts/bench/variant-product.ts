// The product of issue 18's performance goal: 2,048 variants (32 sizes x 64 colours, each with a SKU, a
// compare-at price and a photo) and 20 photos, added to a bench catalogue. Its page reads get-product and
// product-variants by its slug.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../src/server/db/client.ts';
import { photoEtag } from '../../src/server/lib/image.ts';

export const VARIANT_PRODUCT_SLUG = 'bench-variant-tee';
const SIZES = 32;
const COLOURS = 64;
const PHOTOS = 20;

export async function seedVariantProduct(db: Db): Promise<void> {
  const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#d04a7b' } }).webp({ quality: 80 }).toBuffer();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into products (name, slug, description, price_cents, price_max_cents, quantity, shipping, category_id, has_photo)
      select 'Bench Variant Tee', ${VARIANT_PRODUCT_SLUG}, 'A tee in ${sql.raw(String(SIZES))} sizes and ${sql.raw(String(COLOURS))} colours.',
        1000, 1000 + ${SIZES - 1} * 50, ${SIZES * COLOURS * 3}, true, (select min(id) from categories), true`);
    const product = sql`(select id from products where slug = ${VARIANT_PRODUCT_SLUG})`;
    // The insert trigger gave it one variant: the grid replaces it.
    await tx.execute(sql`delete from product_variants where product_id = ${product}`);
    await tx.execute(sql`insert into product_options (product_id, position, name) values (${product}, 1, 'Size'), (${product}, 2, 'Colour')`);
    await tx.execute(sql`
      insert into product_option_values (product_id, option_position, position, value)
      select ${product}, 1, s, 'Size ' || s from generate_series(1, ${SIZES}) s
      union all
      select ${product}, 2, c, 'Colour ' || c from generate_series(1, ${COLOURS}) c`);
    for (let position = 0; position < PHOTOS; position++) {
      await tx.execute(sql`
        insert into product_photos (product_id, position, alt, content_type, data, etag)
        values (${product}, ${position}, ${`Photo ${position + 1}`}, 'image/webp', ${photo}, ${photoEtag(photo)})`);
    }
    await tx.execute(sql`
      insert into product_variants (product_id, position, sku, price_cents, compare_at_cents, stock, weight_grams, option1, option2)
      select ${product}, (s - 1) * ${COLOURS} + c, 'BVT-' || s || '-' || c, 1000 + (s - 1) * 50, 4000, 3, 200, 'Size ' || s, 'Colour ' || c
      from generate_series(1, ${SIZES}) s, generate_series(1, ${COLOURS}) c`);
    await tx.execute(sql`
      insert into product_variant_photos (variant_id, photo_id, position)
      select v.id, p.id, 0 from product_variants v
      join product_photos p on p.product_id = v.product_id and p.position = (v.position % ${PHOTOS})
      where v.product_id = ${product}`);
    await tx.execute(sql`
      insert into product_facet_values (product_id, option, value, category_id, band)
      select distinct v.product_id, o.name, case o.position when 1 then v.option1 else v.option2 end, p.category_id, price_band(p.price_cents)
      from product_variants v join products p on p.id = v.product_id join product_options o on o.product_id = v.product_id
      where v.product_id = ${product}`);
  });
}
