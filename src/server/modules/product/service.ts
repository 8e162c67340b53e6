import { PRODUCT_PAGE_SIZE } from '../../../contract/limits.ts';
import { type ProductFields, RELATED_PRODUCTS_LIMIT } from '../../../contract/product.ts';
import { toCents } from '../../../domain/money.ts';
import { bandToCentsRange } from '../../../domain/price-bands.ts';
import { slugify } from '../../../domain/slug.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { CheckedPhoto } from '../../lib/image.ts';
import { uniqueSlug } from '../../lib/unique-slug.ts';
import { findCategoryById } from '../category/repo.ts';
import * as repo from './repo.ts';

const offsetOf = (page: number) => (page - 1) * PRODUCT_PAGE_SIZE;

export interface ProductPage {
  products: repo.ProductRow[];
  total: number;
}

export function createProductService(db: Db) {
  async function page(filter: repo.ProductFilter, pageNumber: number): Promise<ProductPage> {
    const [products, total] = await Promise.all([
      repo.listProducts(db, filter, PRODUCT_PAGE_SIZE, offsetOf(pageNumber)),
      repo.countProducts(db, filter),
    ]);
    return { products, total };
  }

  function values(fields: ProductFields, slug: string, shipping: boolean): repo.ProductValues {
    return {
      name: fields.name,
      slug,
      description: fields.description,
      priceCents: toCents(fields.price),
      quantity: fields.quantity,
      shipping,
      categoryId: fields.category,
    };
  }

  async function assertCategory(id: number) {
    if (!(await findCategoryById(db, id))) throw badRequest('category: no such category');
  }

  async function byId(id: number) {
    const row = await repo.findProductById(db, id);
    if (!row) throw notFound('Product not found');
    return row;
  }

  return {
    newest: (pageNumber: number) => repo.listProducts(db, {}, PRODUCT_PAGE_SIZE, offsetOf(pageNumber)),
    page: (pageNumber: number) => page({}, pageNumber),
    count: () => repo.countProducts(db, {}),

    filter(categoryIds: number[], band: number[], pageNumber: number) {
      const range = band.length === 2 ? bandToCentsRange([band[0] ?? 0, band[1] ?? 0]) : undefined;
      return page(
        { categoryIds, minCents: range?.minCents, maxCentsExclusive: range?.maxCentsExclusive ?? null },
        pageNumber,
      );
    },

    async search(keyword: string, pageNumber: number): Promise<ProductPage> {
      const query = repo.searchQuery(keyword);
      if (!query) return { products: [], total: 0 };
      const [products, total] = await Promise.all([
        repo.searchProducts(db, query, PRODUCT_PAGE_SIZE, offsetOf(pageNumber)),
        repo.countSearch(db, query),
      ]);
      return { products, total };
    },

    async bySlug(slug: string) {
      const row = await repo.findProductBySlug(db, slug);
      if (!row) throw notFound('Product not found');
      return row;
    },

    byId,

    related: (productId: number, categoryId: number) =>
      repo.listRelated(db, productId, categoryId, RELATED_PRODUCTS_LIMIT),

    inCategory: (categoryId: number, pageNumber: number) => page({ categoryIds: [categoryId] }, pageNumber),

    async create(fields: ProductFields, photo: CheckedPhoto | null) {
      await assertCategory(fields.category);
      const slug = await uniqueSlug(fields.name, (candidate) => repo.productSlugTaken(db, candidate));
      const id = await repo.insertProduct(db, values(fields, slug, fields.shipping ?? false), photo);
      return byId(id);
    },

    /** `shipping` left out keeps the stored value; a new photo replaces the old one, none keeps it. */
    async update(id: number, fields: ProductFields, photo: CheckedPhoto | null) {
      const current = await byId(id);
      if (fields.category !== current.category.id) await assertCategory(fields.category);
      const slug =
        slugify(fields.name) === slugify(current.name)
          ? current.slug
          : await uniqueSlug(fields.name, (candidate) => repo.productSlugTaken(db, candidate, id));
      await repo.updateProduct(
        db,
        id,
        current.slug,
        values(fields, slug, fields.shipping ?? current.shipping),
        photo,
      );
      return byId(id);
    },

    async remove(id: number) {
      if (!(await repo.deleteProduct(db, id))) throw notFound('Product not found');
    },

    sitemapEntries: (limit: number) => repo.listProductSlugs(db, limit),
    etagOfPhoto: (productId: number) => repo.findPhotoEtag(db, productId),
    photo: (productId: number) => repo.findPhoto(db, productId),
  };
}

export type ProductService = ReturnType<typeof createProductService>;
