import { and, asc, eq, inArray, max, ne, notInArray, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import {
  productFacetValues,
  productOptions,
  productOptionValues,
  productPhotos,
  productPhotoVariants,
  products,
  productVariantPhotos,
  productVariants,
} from '../../db/schema.ts';
import type { PhotoValues, VariantValues } from './repo.ts';

/** Rows per insert statement of a grid (2,048 variants are a few statements). */
const BATCH = 500;

export interface OptionRow {
  name: string;
  values: string[];
}

export interface VariantRow {
  id: number;
  sku: string | null;
  priceCents: number;
  compareAtCents: number | null;
  stock: number;
  lowStockThreshold: number;
  weightGrams: number | null;
  options: string[];
  photoIds: number[];
}

export interface VariantValuesRow extends Omit<VariantRow, 'id' | 'photoIds'> {
  id?: number;
  photoIds: number[];
}

export interface GalleryRow {
  id: number;
  alt: string;
  etag: string;
}

/** The product, locked until the transaction ends (variant writes and orders on one product take turns). */
export async function lockProduct(tx: Tx, productId: number): Promise<{ categoryId: number; priceCents: number } | undefined> {
  const [row] = await tx
    .select({ categoryId: products.categoryId, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row;
}

export async function findOptions(db: Db | Tx, productId: number): Promise<OptionRow[]> {
  return (await findOptionsOf(db, [productId])).get(productId) ?? [];
}

/** The options of several products (two queries whatever their number). */
export async function findOptionsOf(db: Db | Tx, productIds: number[]): Promise<Map<number, OptionRow[]>> {
  const found = new Map<number, OptionRow[]>();
  if (productIds.length === 0) return found;
  const [names, values] = await Promise.all([
    db
      .select({ productId: productOptions.productId, position: productOptions.position, name: productOptions.name })
      .from(productOptions)
      .where(inArray(productOptions.productId, productIds))
      .orderBy(asc(productOptions.productId), asc(productOptions.position)),
    db
      .select({ productId: productOptionValues.productId, option: productOptionValues.optionPosition, value: productOptionValues.value })
      .from(productOptionValues)
      .where(inArray(productOptionValues.productId, productIds))
      .orderBy(asc(productOptionValues.productId), asc(productOptionValues.optionPosition), asc(productOptionValues.position)),
  ]);
  const byOption = new Map<string, string[]>();
  for (const row of values) {
    const key = `${row.productId}:${row.option}`;
    byOption.set(key, [...(byOption.get(key) ?? []), row.value]);
  }
  for (const option of names) {
    const list = found.get(option.productId) ?? [];
    list.push({ name: option.name, values: byOption.get(`${option.productId}:${option.position}`) ?? [] });
    found.set(option.productId, list);
  }
  return found;
}

/** A product's variants in order, each with the ids of its photos (two queries, whatever their number). */
export async function findVariants(db: Db | Tx, productId: number): Promise<VariantRow[]> {
  return (await findVariantsOf(db, [productId])).get(productId) ?? [];
}

interface RawVariantRow extends Omit<VariantRow, 'options' | 'photoIds'> {
  productId: number;
  option1: string;
  option2: string;
  option3: string;
}

/** The variants of several products, in order, with their photos' ids (two queries). */
export async function findVariantsOf(db: Db | Tx, productIds: number[]): Promise<Map<number, VariantRow[]>> {
  const found = new Map<number, VariantRow[]>();
  if (productIds.length === 0) return found;
  // Raw rows (all int4 and text columns, which both drivers parse alike): drizzle's per-field mapping is a
  // good part of the cost of a 2,048-variant grid, read on every cold product page.
  const v = productVariants;
  const vp = productVariantPhotos;
  const [rows, photos] = await Promise.all([
    db
      .execute(
        sql`select ${v.id} as "id", ${v.productId} as "productId", ${v.sku} as "sku", ${v.priceCents} as "priceCents",
          ${v.compareAtCents} as "compareAtCents", ${v.stock} as "stock", ${v.lowStockThreshold} as "lowStockThreshold",
          ${v.weightGrams} as "weightGrams", ${v.option1} as "option1", ${v.option2} as "option2", ${v.option3} as "option3"
        from ${v} where ${inArray(v.productId, productIds)} order by ${v.productId}, ${v.position}, ${v.id}`,
      )
      .then((result) => rowsOf<RawVariantRow>(result)),
    db
      .execute(
        sql`select ${vp.variantId} as "variantId", ${vp.photoId} as "photoId"
        from ${vp} join ${v} on ${v.id} = ${vp.variantId}
        where ${inArray(v.productId, productIds)} order by ${vp.variantId}, ${vp.position}`,
      )
      .then((result) => rowsOf<{ variantId: number; photoId: number }>(result)),
  ]);
  // Plain loops and one object literal per variant: a grid of 2,048 variants is read on every cold product page.
  const photosOf = new Map<number, number[]>();
  for (const photo of photos) {
    const list = photosOf.get(photo.variantId);
    if (list) list.push(photo.photoId);
    else photosOf.set(photo.variantId, [photo.photoId]);
  }
  let list: VariantRow[] = [];
  let listOf = -1;
  for (const row of rows) {
    if (row.productId !== listOf) {
      listOf = row.productId;
      list = [];
      found.set(listOf, list);
    }
    const options: string[] = [];
    if (row.option1 !== '') options.push(row.option1);
    if (row.option2 !== '') options.push(row.option2);
    if (row.option3 !== '') options.push(row.option3);
    list.push({
      id: row.id,
      sku: row.sku,
      priceCents: row.priceCents,
      compareAtCents: row.compareAtCents,
      stock: row.stock,
      lowStockThreshold: row.lowStockThreshold,
      weightGrams: row.weightGrams,
      options,
      photoIds: photosOf.get(row.id) ?? [],
    });
  }
  return found;
}

/** Of these SKUs, those a variant of another product has. */
export async function skusTakenElsewhere(db: Db | Tx, productId: number, skus: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < skus.length; start += BATCH) {
    const rows = await db
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(and(inArray(productVariants.sku, skus.slice(start, start + BATCH)), ne(productVariants.productId, productId)));
    for (const row of rows) if (row.sku) taken.add(row.sku);
  }
  return taken;
}

const optionColumns = (options: string[]) => ({ option1: options[0] ?? '', option2: options[1] ?? '', option3: options[2] ?? '' });

/**
 * Replace a product's options and variants (variants with an id are kept, with that id; the others are
 * removed or added), their photos and facets, and keep the product's price, quantity and threshold in step,
 * in the caller's transaction (which holds the product's lock).
 */
export async function replaceGrid(tx: Tx, productId: number, options: OptionRow[], variants: VariantValuesRow[]): Promise<void> {
  await tx.delete(productOptions).where(eq(productOptions.productId, productId));
  await tx.delete(productOptionValues).where(eq(productOptionValues.productId, productId));
  if (options.length > 0) {
    await tx.insert(productOptions).values(options.map((option, o) => ({ productId, position: o + 1, name: option.name })));
    const values = options.flatMap((option, o) =>
      option.values.map((value, position) => ({ productId, optionPosition: o + 1, position, value })),
    );
    for (let start = 0; start < values.length; start += BATCH) {
      await tx.insert(productOptionValues).values(values.slice(start, start + BATCH));
    }
  }
  const keptIds = variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id]));
  await tx
    .delete(productVariants)
    .where(and(eq(productVariants.productId, productId), keptIds.length > 0 ? notInArray(productVariants.id, keptIds) : undefined));
  if (keptIds.length > 0) {
    // Kept variants may swap combinations or SKUs: free them first (each row is checked as it is written).
    await tx
      .update(productVariants)
      .set({ sku: null, option1: sql`'#' || ${productVariants.id}`, option2: '', option3: '' })
      .where(eq(productVariants.productId, productId));
    await tx.delete(productVariantPhotos).where(inArray(productVariantPhotos.variantId, keptIds));
  }
  const kept = variants.flatMap((variant, position) => (variant.id === undefined ? [] : [{ ...variant, id: variant.id, position }]));
  for (let start = 0; start < kept.length; start += BATCH) {
    const rows = kept.slice(start, start + BATCH).map((variant) => {
      const o = optionColumns(variant.options);
      return sql`(${variant.id}::int, ${variant.position}::int, ${variant.sku}::text, ${variant.priceCents}::int, ${variant.compareAtCents}::int,
        ${variant.stock}::int, ${variant.lowStockThreshold}::int, ${variant.weightGrams}::int, ${o.option1}::text, ${o.option2}::text, ${o.option3}::text)`;
    });
    await tx.execute(sql`
      update product_variants as p set
        position = v.position, sku = v.sku, price_cents = v.price_cents, compare_at_cents = v.compare_at_cents, stock = v.stock,
        low_stock_threshold = v.low_stock_threshold, weight_grams = v.weight_grams, option1 = v.option1, option2 = v.option2, option3 = v.option3
      from (values ${sql.join(rows, sql`, `)})
        as v(id, position, sku, price_cents, compare_at_cents, stock, low_stock_threshold, weight_grams, option1, option2, option3)
      where p.id = v.id and p.product_id = ${productId}`);
  }
  const added = variants.flatMap((variant, position) => (variant.id === undefined ? [{ ...variant, position }] : []));
  const photoRows: { variantId: number; photoId: number; position: number }[] = kept.flatMap((variant) =>
    variant.photoIds.map((photoId, position) => ({ variantId: variant.id, photoId, position })),
  );
  for (let start = 0; start < added.length; start += BATCH) {
    const chunk = added.slice(start, start + BATCH);
    const ids = await tx
      .insert(productVariants)
      .values(
        chunk.map((variant) => ({
          productId,
          position: variant.position,
          sku: variant.sku,
          priceCents: variant.priceCents,
          compareAtCents: variant.compareAtCents,
          stock: variant.stock,
          lowStockThreshold: variant.lowStockThreshold,
          weightGrams: variant.weightGrams,
          ...optionColumns(variant.options),
        })),
      )
      .returning({ id: productVariants.id, position: productVariants.position });
    const byPosition = new Map(ids.map((row) => [row.position, row.id]));
    for (const variant of chunk) {
      const variantId = byPosition.get(variant.position);
      if (variantId === undefined) continue;
      photoRows.push(...variant.photoIds.map((photoId, position) => ({ variantId, photoId, position })));
    }
  }
  for (let start = 0; start < photoRows.length; start += BATCH) {
    await tx.insert(productVariantPhotos).values(photoRows.slice(start, start + BATCH));
  }
  await syncProduct(tx, productId);
  await tx.delete(productFacetValues).where(eq(productFacetValues.productId, productId));
  if (options.length > 0) {
    await tx.execute(sql`
      insert into product_facet_values (product_id, option, value, category_id, band, draft)
      select distinct ${productId}::int, o.name, v.value, p.category_id, price_band(p.price_cents), p.draft
      from product_options o
      join product_variants pv on pv.product_id = o.product_id
      cross join lateral (select case o.position when 1 then pv.option1 when 2 then pv.option2 else pv.option3 end as value) v
      join products p on p.id = o.product_id
      where o.product_id = ${productId}`);
  }
}

/**
 * The product's maintained columns from its variants: the lowest price, the stock summed, and (with one
 * variant) that variant's low-stock threshold.
 */
export async function syncProduct(tx: Tx, productId: number): Promise<void> {
  await tx.execute(sql`
    update products as p set
      price_cents = s.price_cents, quantity = s.quantity, updated_at = now(),
      price_max_cents = case when s.price_max_cents > s.price_cents then s.price_max_cents end,
      low_stock_threshold = case when s.variants = 1 then s.threshold else p.low_stock_threshold end
    from (select min(price_cents) as price_cents, max(price_cents) as price_max_cents, sum(stock)::int as quantity, count(*) as variants, min(low_stock_threshold) as threshold
          from product_variants where product_id = ${productId}) as s
    where p.id = ${productId}`);
}

/** The product's photos in order (never their bytes). */
export async function findGallery(db: Db | Tx, productId: number): Promise<GalleryRow[]> {
  return db
    .select({ id: productPhotos.id, alt: productPhotos.alt, etag: productPhotos.etag })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
}

/** A photo added at the end of the gallery, with its smaller copies. */
export async function addGalleryPhoto(
  tx: Tx,
  productId: number,
  photo: PhotoValues & { variants: VariantValues[] },
  alt: string,
): Promise<number> {
  const { variants, ...values } = photo;
  const [last] = await tx
    .select({ position: max(productPhotos.position) })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId));
  const [row] = await tx
    .insert(productPhotos)
    .values({ productId, ...values, alt, position: (last?.position ?? -1) + 1 })
    .returning({ id: productPhotos.id });
  if (!row) throw new Error('photo insert returned nothing');
  if (variants.length > 0) {
    await tx.insert(productPhotoVariants).values(variants.map((variant) => ({ productId, photoId: row.id, ...variant })));
  }
  return row.id;
}

/** The gallery in a new order, with new alt texts. */
export async function arrangeGallery(tx: Tx, productId: number, photos: { id: number; alt: string }[]): Promise<void> {
  if (photos.length === 0) return;
  const rows = photos.map((photo, position) => sql`(${photo.id}::int, ${position}::int, ${photo.alt}::text)`);
  await tx.execute(sql`
    update product_photos as p set position = v.position, alt = v.alt
    from (values ${sql.join(rows, sql`, `)}) as v(id, position, alt)
    where p.id = v.id and p.product_id = ${productId}`);
}

export async function deleteGalleryPhoto(tx: Tx, productId: number, photoId: number): Promise<boolean> {
  const rows = await tx
    .delete(productPhotos)
    .where(and(eq(productPhotos.id, photoId), eq(productPhotos.productId, productId)))
    .returning({ id: productPhotos.id });
  return rows.length > 0;
}

/** After a gallery change: whether the product has a photo, and a new version for its photo's address. */
export async function touchProductPhotos(tx: Tx, productId: number): Promise<void> {
  await tx
    .update(products)
    .set({ hasPhoto: sql`exists (select 1 from ${productPhotos} where ${productPhotos.productId} = ${productId})`, updatedAt: new Date() })
    .where(eq(products.id, productId));
}

export async function setVariantPhotos(tx: Tx, variantId: number, photoIds: number[]): Promise<void> {
  await tx.delete(productVariantPhotos).where(eq(productVariantPhotos.variantId, variantId));
  if (photoIds.length > 0) {
    await tx.insert(productVariantPhotos).values(photoIds.map((photoId, position) => ({ variantId, photoId, position })));
  }
}

/** The product a variant belongs to. */
export async function productOfVariant(db: Db | Tx, variantId: number): Promise<number | undefined> {
  const [row] = await db.select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.id, variantId));
  return row?.productId;
}

export async function findGalleryPhoto(db: Db, photoId: number): Promise<(PhotoValues & { id: number; productId: number }) | undefined> {
  const [row] = await db
    .select({
      id: productPhotos.id,
      productId: productPhotos.productId,
      contentType: productPhotos.contentType,
      data: productPhotos.data,
      etag: productPhotos.etag,
    })
    .from(productPhotos)
    .where(eq(productPhotos.id, photoId));
  return row;
}

export async function findGalleryPhotoEtag(db: Db, photoId: number): Promise<string | undefined> {
  const [row] = await db.select({ etag: productPhotos.etag }).from(productPhotos).where(eq(productPhotos.id, photoId));
  return row?.etag;
}

export async function findGalleryPhotoCopyEtag(db: Db, photoId: number, width: number): Promise<string | undefined> {
  const [row] = await db
    .select({ etag: productPhotoVariants.etag })
    .from(productPhotoVariants)
    .where(and(eq(productPhotoVariants.photoId, photoId), eq(productPhotoVariants.width, width)));
  return row?.etag;
}

export async function findGalleryPhotoCopy(db: Db, photoId: number, width: number): Promise<VariantValues | undefined> {
  const [row] = await db
    .select({ width: productPhotoVariants.width, data: productPhotoVariants.data, etag: productPhotoVariants.etag })
    .from(productPhotoVariants)
    .where(and(eq(productPhotoVariants.photoId, photoId), eq(productPhotoVariants.width, width)));
  return row;
}

export async function countVariants(db: Db | Tx, productId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(productVariants).where(eq(productVariants.productId, productId));
  return Number(row?.n ?? 0);
}
