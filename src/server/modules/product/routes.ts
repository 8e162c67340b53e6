import { PHOTO_WIDTHS, type PhotoWidth, TOTAL_COUNT_HEADER } from '../../../contract/limits.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, pageQuery } from '../../../contract/common.ts';
import { adminProductResponse, getProductResponse, getProductsResponse, photoParams, productCategoryResponse, productChangedResponse, productCountResponse, productDeletedResponse, productFields, productFiltersBody, productFiltersResponse, productIdParams, productListParams, productListResponse, relatedParams, relatedResponse, searchParams, searchResponse, slugParams } from '../../../contract/product.ts';
import { checkPhoto } from '../../lib/image.ts';
import { matchesEtag } from '../../plugins/answer-cache.ts';
import { readMultipartForm } from '../../plugins/uploads.ts';
import { actorOf, type Guards } from '../auth/guards.ts';
import { toWireCategory } from '../category/mapper.ts';
import type { CategoryService } from '../category/service.ts';
import { toWireProduct } from './mapper.ts';
import type { ProductService } from './service.ts';

export interface ProductRoutesOptions {
  products: ProductService;
  categories: CategoryService;
  guards: Guards;
}

const photoQuery = z.object({
  v: z.string().max(64).optional(),
  w: z
    .enum(PHOTO_WIDTHS.map(String) as [string, ...string[]], { error: `must be one of ${PHOTO_WIDTHS.join(', ')}` })
    .transform((value) => Number(value) as PhotoWidth)
    .optional(),
});

/** With a version in the address the photo never changes: cache it for a year; without, revalidate. */
const photoCacheControl = (version: string | undefined) =>
  version ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';

const multipartBody = {
  consumes: ['multipart/form-data'],
  description:
    'multipart/form-data: name, description, price, quantity, category (id), shipping (0/1), photo (image file, at most 1 MB)',
};

export const productRoutes: FastifyPluginAsyncZod<ProductRoutesOptions> = async (
  app,
  { products, categories, guards },
) => {
  const tags = ['product'];
  /** Catalogue reads: answered from the cache until the catalogue changes. */
  const cached = { cache: true };
  /** Catalogue writes: this process drops its cached answers before answering. */
  const changes = { invalidatesCatalogue: true };

  app.get(
    '/product-list/:page',
    { config: cached, schema: { tags, params: productListParams, response: { 200: productListResponse } } },
    async (request) => {
      const rows = await products.newest(request.params.page);
      return { success: true as const, products: rows.map(toWireProduct) };
    },
  );

  app.get('/product-count', { config: cached, schema: { tags, response: { 200: productCountResponse } } }, async () => ({
    success: true as const,
    total: await products.count(),
  }));

  app.post(
    '/product-filters',
    { config: cached, schema: { tags, body: productFiltersBody, response: { 200: productFiltersResponse } } },
    async (request) => {
      const { checked, radio, page } = request.body;
      const result = await products.filter(checked.map(Number), radio, page);
      return { success: true as const, products: result.products.map(toWireProduct), total: result.total };
    },
  );

  app.get(
    '/search/:keyword',
    {
      config: cached,
      schema: {
        tags,
        params: searchParams,
        querystring: pageQuery,
        description:
          'Ranked by relevance, a page at a time (`?page=`), or without a page every match up to 1,000; the true number of matches is in the X-Total-Count header.',
        response: { 200: searchResponse },
      },
    },
    async (request, reply) => {
      const result = await products.search(request.params.keyword, request.query.page);
      reply.header(TOTAL_COUNT_HEADER, String(result.total));
      return result.products.map(toWireProduct);
    },
  );

  app.get(
    '/get-product',
    { config: cached, schema: { tags, querystring: pageQuery, response: { 200: getProductsResponse } } },
    async (request) => {
      const page = await products.page(request.query.page ?? 1);
      return {
        success: true as const,
        message: 'All Products',
        countTotal: page.products.length,
        total: page.total,
        products: page.products.map(toWireProduct),
      };
    },
  );

  app.get(
    '/get-product/:slug',
    { config: cached, schema: { tags, params: slugParams, response: { 200: getProductResponse, 404: errorResponse } } },
    async (request) => ({
      success: true as const,
      message: 'Single Product Fetched',
      product: toWireProduct(await products.bySlug(request.params.slug)),
    }),
  );

  app.get(
    '/related-product/:pid/:cid',
    { config: cached, schema: { tags, params: relatedParams, response: { 200: relatedResponse } } },
    async (request) => ({
      success: true as const,
      products: (await products.related(request.params.pid, request.params.cid)).map(toWireProduct),
    }),
  );

  app.get(
    '/product-category/:slug',
    {
      config: cached,
      schema: {
        tags,
        params: slugParams,
        querystring: pageQuery,
        response: { 200: productCategoryResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const category = await categories.bySlug(request.params.slug);
      const page = await products.inCategory(category.id, request.query.page);
      return {
        success: true as const,
        category: toWireCategory(category),
        products: page.products.map(toWireProduct),
        total: page.total,
      };
    },
  );

  app.get(
    '/product-photo/:id',
    {
      config: cached,
      schema: {
        tags,
        params: photoParams,
        querystring: photoQuery,
        description:
          'The photo bytes with ETag; `?v=` (a version) makes the answer cacheable for a year; `?w=320` or `?w=640` answers a WebP copy that wide (never wider than the photo).',
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { w: width } = request.query;
      if (width !== undefined) {
        const variant = await products.photoVariant(id, width);
        if (!variant) return reply.code(404).send({ success: false, message: 'Photo not found' });
        reply.header('etag', variant.etag);
        reply.header('cache-control', photoCacheControl(request.query.v));
        if (matchesEtag(request.headers['if-none-match'], variant.etag)) return reply.code(304).send();
        return reply.type(variant.contentType).send(Buffer.from(variant.data));
      }
      const etag = await products.etagOfPhoto(id);
      if (!etag) return reply.code(404).send({ success: false, message: 'Photo not found' });
      reply.header('etag', etag);
      reply.header('cache-control', photoCacheControl(request.query.v));
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const photo = await products.photo(id);
      if (!photo) return reply.code(404).send({ success: false, message: 'Photo not found' });
      // The photo may have changed since its ETag was read: send the ETag of these bytes.
      reply.header('etag', photo.etag);
      return reply.type(photo.contentType).send(Buffer.from(photo.data));
    },
  );

  app.get(
    '/admin-product/:id',
    {
      preHandler: guards.requireAdmin,
      schema: { tags, description: 'A product with its low-stock threshold, for the administrator.', params: productIdParams, response: { 200: adminProductResponse, 404: errorResponse } },
    },
    async (request) => {
      const { row, lowStockThreshold } = await products.forAdmin(request.params.id);
      return { success: true as const, product: toWireProduct(row), lowStockThreshold };
    },
  );

  app.post(
    '/create-product',
    {
      preHandler: guards.requireAdmin,
      config: changes,
      schema: { tags, ...multipartBody, response: { 201: productChangedResponse } },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, 'photo');
      const fields = productFields.parse(form.fields);
      const photo = form.file ? await checkPhoto(form.file) : null;
      const row = await products.create(fields, photo, actorOf(request));
      return reply
        .code(201)
        .send({ success: true, message: 'Product Created Successfully', product: toWireProduct(row) });
    },
  );

  app.put(
    '/update-product/:id',
    {
      preHandler: guards.requireAdmin,
      config: changes,
      schema: { tags, params: productIdParams, ...multipartBody, response: { 200: productChangedResponse } },
    },
    async (request) => {
      const form = await readMultipartForm(request, 'photo');
      const fields = productFields.parse(form.fields);
      const photo = form.file ? await checkPhoto(form.file) : null;
      const row = await products.update(request.params.id, fields, photo, actorOf(request));
      return { success: true as const, message: 'Product Updated Successfully', product: toWireProduct(row) };
    },
  );

  app.delete(
    '/delete-product/:id',
    {
      preHandler: guards.requireAdmin,
      config: changes,
      schema: { tags, params: productIdParams, response: { 200: productDeletedResponse, 404: errorResponse } },
    },
    async (request) => {
      await products.remove(request.params.id, actorOf(request));
      return { success: true as const, message: 'Product Deleted Successfully' };
    },
  );
};
