import type { FastifyBaseLogger } from 'fastify';
import { toCents } from '../../domain/money.ts';
import { slugify } from '../../domain/slug.ts';
import { photoEtag } from '../lib/image.ts';
import type { Db } from './client.ts';
import { appSettings, categories, productPhotos, products } from './schema.ts';
import { demoCatalogue } from './seed/demo-catalogue.ts';
import { renderProductPhoto } from './seed/product-photo-art.ts';

const SEEDED_KEY = 'demo_catalogue_seeded_at';

/**
 * Seed the demo catalogue once, on a database that has never been seeded and has no categories.
 * Several processes starting together agree through the settings row: only the first seeds.
 */
export async function seedDemoCatalogue(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): Promise<boolean> {
  const [existing] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (existing) return false;
  const claimed = await db
    .insert(appSettings)
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return false;

  const started = Date.now();
  const entries = demoCatalogue.flatMap((category) =>
    category.products.map((product, index) => ({ category: category.name, product, index })),
  );
  const photos = await Promise.all(
    entries.map(({ category, product, index }) => renderProductPhoto({ name: product.name, category, index })),
  );

  await db.transaction(async (tx) => {
    const categoryRows = await tx
      .insert(categories)
      .values(demoCatalogue.map((category) => ({ name: category.name, slug: slugify(category.name) })))
      .returning({ id: categories.id, name: categories.name });
    const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));
    // Spread creation times so that "newest first" has a stable, meaningful order.
    const now = Date.now();
    const productRows = await tx
      .insert(products)
      .values(
        entries.map(({ category, product }, position) => ({
          name: product.name,
          slug: slugify(product.name),
          description: product.description,
          priceCents: toCents(product.price),
          quantity: product.quantity,
          shipping: product.shipping,
          categoryId: categoryIds.get(category) ?? 0,
          hasPhoto: true,
          createdAt: new Date(now - (entries.length - position) * 60_000),
          updatedAt: new Date(now - (entries.length - position) * 60_000),
        })),
      )
      .returning({ id: products.id });
    await tx.insert(productPhotos).values(
      productRows.map((row, position) => {
        const photo = photos[position];
        if (!photo) throw new Error('missing demo photo');
        return { productId: row.id, contentType: photo.contentType, data: photo.data, etag: photoEtag(photo.data) };
      }),
    );
  });
  log?.info({ products: entries.length, ms: Date.now() - started }, 'demo catalogue seeded');
  return true;
}
