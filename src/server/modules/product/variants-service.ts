import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../contract/product.ts';
import { PRODUCT_PHOTOS_MAX, type PhotoWidth } from '../../../contract/limits.ts';
import type { SetVariants } from '../../../contract/variants.ts';
import { toCents } from '../../../domain/money.ts';
import { canonicalValues, gridProblem } from '../../../domain/variants.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { type CheckedPhoto, photoVariant } from '../../lib/image.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { type Actor, recordChange } from '../audit/service.ts';
import { toAuditVariants } from './mapper.ts';
import * as products from './repo.ts';
import { type Derived, noDerived } from './service.ts';
import * as repo from './variants-repo.ts';

export type { GalleryRow, OptionRow, VariantRow } from './variants-repo.ts';

export interface ProductVariants {
  productId: number;
  options: repo.OptionRow[];
  variants: repo.VariantRow[];
  photos: repo.GalleryRow[];
}

/** `derived`: the gallery photos' ETags kept until the catalogue changes (AnswerCache.derived), as the product photo's. */
export function createVariantService(db: Db, derived: Derived = noDerived) {
  async function read(productId: number): Promise<ProductVariants> {
    const [options, variants, photos] = await Promise.all([
      repo.findOptions(db, productId),
      repo.findVariants(db, productId),
      repo.findGallery(db, productId),
    ]);
    return { productId, options, variants, photos };
  }

  async function existing(productId: number) {
    if ((await products.findLowStockThreshold(db, productId)) === undefined) throw notFound('Product not found');
  }

  return {
    read,

    /** By its current or an old slug (the product page's address). */
    async bySlug(slug: string): Promise<ProductVariants> {
      const row = await products.findProductBySlug(db, slug);
      if (!row) throw notFound('Product not found');
      return read(row.id);
    },

    async forAdmin(productId: number): Promise<ProductVariants> {
      await existing(productId);
      return read(productId);
    },

    /**
     * The options and the whole variant grid in one write: checked first (400 naming the field, nothing
     * changed), SKUs of other products refused (409), then written in one transaction with the product's
     * price, quantity and facets.
     */
    async setGrid(productId: number, grid: SetVariants, actor: Actor): Promise<ProductVariants> {
      const problem = gridProblem(grid.options, grid.variants);
      if (problem) throw badRequest(`${problem.field}: ${problem.message}`);
      await existing(productId);
      const before = await read(productId);
      const ownVariants = new Set(before.variants.map((variant) => variant.id));
      const ownPhotos = new Set(before.photos.map((photo) => photo.id));
      const rows: repo.VariantValuesRow[] = grid.variants.map((variant, i) => {
        const id = variant._id === undefined ? undefined : Number(variant._id);
        if (id !== undefined && !ownVariants.has(id)) throw badRequest(`variants.${i}._id: not a variant of this product`);
        const photoIds = (variant.photos ?? []).map(Number);
        const strange = photoIds.findIndex((photoId) => !ownPhotos.has(photoId));
        if (strange >= 0) throw badRequest(`variants.${i}.photos.${strange}: not a photo of this product`);
        if (new Set(photoIds).size !== photoIds.length) throw badRequest(`variants.${i}.photos: names a photo twice`);
        const sku = variant.sku?.trim() ? variant.sku.trim() : null;
        return {
          ...(id === undefined ? {} : { id }),
          sku,
          priceCents: toCents(variant.price),
          compareAtCents: variant.compareAtPrice === null || variant.compareAtPrice === undefined ? null : toCents(variant.compareAtPrice),
          stock: variant.quantity,
          lowStockThreshold: variant.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
          weightGrams: variant.weight ?? null,
          options: canonicalValues(grid.options, variant.options),
          photoIds,
        };
      });
      const ids = rows.flatMap((row) => (row.id === undefined ? [] : [row.id]));
      if (new Set(ids).size !== ids.length) throw badRequest('variants: names a variant twice');
      const skus = rows.flatMap((row) => (row.sku ? [row.sku] : []));
      const taken = await repo.skusTakenElsewhere(db, productId, skus);
      const takenAt = rows.findIndex((row) => row.sku !== null && taken.has(row.sku));
      if (takenAt >= 0) throw conflict(`variants.${takenAt}.sku: ${rows[takenAt]?.sku ?? ''} is the SKU of another product`);
      const options = grid.options.map((option) => ({ name: option.name.trim(), values: option.values.map((value) => value.trim()) }));
      try {
        await db.transaction(async (tx) => {
          if (!(await repo.lockProduct(tx, productId))) throw notFound('Product not found');
          await repo.replaceGrid(tx, productId, options, rows);
          await recordChange(tx, actor, {
            action: 'product.variants',
            entity: 'product',
            entityId: productId,
            before: toAuditVariants(before.options, before.variants),
            after: toAuditVariants(options, rows),
          });
        });
      } catch (error) {
        // Another product took one of the SKUs meanwhile.
        if (isUniqueViolation(error)) throw conflict('sku: a SKU of this grid is the SKU of another product');
        throw error;
      }
      return read(productId);
    },

    /** A photo added at the end of the gallery (400 past PRODUCT_PHOTOS_MAX). */
    async addPhoto(productId: number, photo: CheckedPhoto, alt: string, actor: Actor) {
      await db.transaction(async (tx) => {
        if (!(await repo.lockProduct(tx, productId))) throw notFound('Product not found');
        const gallery = await repo.findGallery(tx, productId);
        if (gallery.length >= PRODUCT_PHOTOS_MAX) throw badRequest(`photo: a product has at most ${PRODUCT_PHOTOS_MAX} photos`);
        const photoId = await repo.addGalleryPhoto(tx, productId, photo, alt);
        await repo.touchProductPhotos(tx, productId);
        await recordChange(tx, actor, { action: 'product.photo.add', entity: 'product', entityId: productId, after: { photo: photoId, alt } });
      });
      return repo.findGallery(db, productId);
    },

    /** The gallery in a new order with its alt texts: every photo of the product, each once. */
    async arrangePhotos(productId: number, photos: { _id: string; alt: string }[], actor: Actor) {
      await db.transaction(async (tx) => {
        if (!(await repo.lockProduct(tx, productId))) throw notFound('Product not found');
        const gallery = await repo.findGallery(tx, productId);
        const own = new Set(gallery.map((photo) => photo.id));
        const wanted = photos.map((photo) => ({ id: Number(photo._id), alt: photo.alt }));
        const strange = wanted.findIndex((photo) => !own.has(photo.id));
        if (strange >= 0) throw badRequest(`photos.${strange}._id: not a photo of this product`);
        if (new Set(wanted.map((photo) => photo.id)).size !== wanted.length || wanted.length !== gallery.length) {
          throw badRequest(`photos: must name each of the product's ${gallery.length} photos once`);
        }
        await repo.arrangeGallery(tx, productId, wanted);
        await repo.touchProductPhotos(tx, productId);
        await recordChange(tx, actor, {
          action: 'product.photos',
          entity: 'product',
          entityId: productId,
          before: { photos: gallery.map((photo) => ({ id: photo.id, alt: photo.alt })) },
          after: { photos: wanted },
        });
      });
      return repo.findGallery(db, productId);
    },

    async deletePhoto(productId: number, photoId: number, actor: Actor) {
      await db.transaction(async (tx) => {
        if (!(await repo.lockProduct(tx, productId))) throw notFound('Product not found');
        if (!(await repo.deleteGalleryPhoto(tx, productId, photoId))) throw notFound('Photo not found');
        await repo.touchProductPhotos(tx, productId);
        await recordChange(tx, actor, { action: 'product.photo.delete', entity: 'product', entityId: productId, before: { photo: photoId } });
      });
      return repo.findGallery(db, productId);
    },

    /** The photos that show one variant (photos of its product, in order). */
    async setVariantPhotos(variantId: number, photoIds: number[], actor: Actor) {
      const productId = await repo.productOfVariant(db, variantId);
      if (productId === undefined) throw notFound('Variant not found');
      await db.transaction(async (tx) => {
        if (!(await repo.lockProduct(tx, productId))) throw notFound('Product not found');
        const own = new Set((await repo.findGallery(tx, productId)).map((photo) => photo.id));
        const strange = photoIds.findIndex((photoId) => !own.has(photoId));
        if (strange >= 0) throw badRequest(`photos.${strange}: not a photo of this product`);
        if (new Set(photoIds).size !== photoIds.length) throw badRequest('photos: names a photo twice');
        await repo.setVariantPhotos(tx, variantId, photoIds);
        await repo.touchProductPhotos(tx, productId);
        await recordChange(tx, actor, { action: 'product.variant.photos', entity: 'product', entityId: productId, after: { variant: variantId, photos: photoIds } });
      });
      return read(productId);
    },

    /** A gallery photo's ETag, or its smaller copy's (none while the copy is not made): a revalidation asks no query. */
    photoEtag: (photoId: number, width?: PhotoWidth) =>
      width === undefined
        ? derived(`gallery-etag ${photoId}`, () => repo.findGalleryPhotoEtag(db, photoId), (etag) => etag?.length ?? 0)
        : derived(`gallery-etag ${photoId} ${width}`, () => repo.findGalleryPhotoCopyEtag(db, photoId, width), (etag) => etag?.length ?? 0),
    photo: (photoId: number) => repo.findGalleryPhoto(db, photoId),

    /** A smaller WebP copy of a gallery photo; made (once) if it is missing. */
    async photoCopy(photoId: number, width: PhotoWidth) {
      const stored = await repo.findGalleryPhotoCopy(db, photoId, width);
      if (stored) return { ...stored, contentType: 'image/webp' };
      const photo = await repo.findGalleryPhoto(db, photoId);
      if (!photo) return undefined;
      const made = await photoVariant(photo.data, width);
      await products.savePhotoVariant(db, { productId: photo.productId, photoId }, made);
      return { ...made, contentType: 'image/webp' };
    },
  };
}

export type VariantService = ReturnType<typeof createVariantService>;
