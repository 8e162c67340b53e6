import type { FastifyReply, FastifyRequest } from 'fastify';
import { SEARCH_CORRECTED_HEADER, TOTAL_COUNT_HEADER } from '../../../contract/limits.ts';
import { checkPhoto } from '../../lib/image.ts';
import { matchesEtag } from '../../plugins/answer-cache.ts';
import type { Handlers } from '../../plugins/calls.ts';
import { actorOf } from '../auth/guards.ts';
import { toWireCategory } from '../category/mapper.ts';
import type { CategoryService } from '../category/service.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { toWireGalleryPhoto, toWireProduct, toWireProductVariants } from './mapper.ts';
import type { ProductService } from './service.ts';
import {
  getProductsResponse,
  productCategoryResponse,
  productFiltersResponse,
  productListResponse,
  relatedResponse,
} from '../../../contract/product.ts';
import { serializerCompiler } from '../../plugins/serializer.ts';
import type { VariantService } from './variants-service.ts';

/** Lists are written from each product's kept JSON (product-json.ts) in their answer's frame. */
const writeFiltersAnswer = serializerCompiler({ schema: productFiltersResponse, method: 'POST', url: '', httpStatus: '200' });
const writeListAnswer = serializerCompiler({ schema: productListResponse, method: 'GET', url: '', httpStatus: '200' });
const writeProductsAnswer = serializerCompiler({ schema: getProductsResponse, method: 'GET', url: '', httpStatus: '200' });
const writeCategoryAnswer = serializerCompiler({ schema: productCategoryResponse, method: 'GET', url: '', httpStatus: '200' });
const writeRelatedAnswer = serializerCompiler({ schema: relatedResponse, method: 'GET', url: '', httpStatus: '200' });
/**
 * A product page's answer around its product's JSON: its fields in the schema's order (getProductResponse:
 * success, message, product), as its serializer writes them (a test compares the bytes).
 */
const PRODUCT_FRAME: readonly [string, string] = [`${JSON.stringify({ success: true, message: 'Single Product Fetched' }).slice(0, -1)},"product":`, '}'];
/** Where the products go in the frame of a product-filters answer (a JSON string cannot hold it unescaped). */
const EMPTY_PRODUCTS = '"products":[]';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `open`, the fragments separated by commas, `close`, as one buffer: the kept bytes copied once (a string
 * joined instead would be flattened, measured and encoded again for each answer).
 */
function joinFragments(open: string, fragments: readonly Buffer[], close: string): Buffer {
  const head = Buffer.from(open);
  const tail = Buffer.from(close);
  let size = head.length + tail.length + Math.max(0, fragments.length - 1);
  for (const fragment of fragments) size += fragment.length;
  const answer = Buffer.allocUnsafe(size);
  answer.set(head, 0);
  let at = head.length;
  for (let index = 0; index < fragments.length; index++) {
    const fragment = fragments[index] as Buffer;
    if (index > 0) answer[at++] = 0x2c;
    answer.set(fragment, at);
    at += fragment.length;
  }
  answer.set(tail, at);
  return answer;
}

/** A frame written with `"products":[]` (the answer's serializer), with the fragments put inside its brackets. */
function inFrame(frame: string, fragments: readonly Buffer[]): Buffer {
  const at = frame.indexOf(EMPTY_PRODUCTS) + EMPTY_PRODUCTS.length - 1;
  return joinFragments(frame.slice(0, at), fragments, frame.slice(at));
}

/** With a version in the address the photo never changes: cache it for a year; without, revalidate. */
const photoCacheControl = (version: string | undefined) =>
  version ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';

export const productHandlers = (products: ProductService, categories: CategoryService, variants: VariantService) => {
  /**
   * A list's answer: its frame (written with `"products":[]`, given how many products it shows) with the
   * products' kept JSON inside. A page of products already read queries nothing more; it holds their stock.
   */
  async function listAnswer(request: FastifyRequest, reply: FastifyReply, ids: readonly number[], frame: (shown: number) => string) {
    const fragments = await products.fragments(ids);
    request.answerHolds = ids;
    return reply.type(JSON_TYPE).send(inFrame(frame(fragments.length), fragments));
  }

  return {
    productList: async (request, reply) => {
      const { ids } = await products.page(request.params.page);
      return listAnswer(request, reply, ids, () => writeListAnswer({ success: true, products: [] }));
    },

    productCount: async () => ({ success: true, total: await products.count() }),

    productFilters: async (request, reply) => {
      const { checked, radio, page, sort, options, facets } = request.body;
      // A page, or up to UNPAGED_PRODUCTS_MAX products without one.
      const result = await products.filter(checked.map(Number), radio, page, { sort, options, facets });
      return listAnswer(request, reply, result.ids, () =>
        writeFiltersAnswer({ success: true, products: [], total: result.total, ...(result.facets ? { facets: result.facets } : {}) }),
      );
    },

    search: async (request, reply) => {
      // A page or every match up to UNPAGED_PRODUCTS_MAX: the kept products' JSON in an array.
      const result = await products.search(request.params.keyword, request.query.page);
      reply.header(TOTAL_COUNT_HEADER, String(result.total));
      if (result.correctedTo) reply.header(SEARCH_CORRECTED_HEADER, encodeURIComponent(result.correctedTo));
      request.answerHolds = result.ids;
      return reply.type(JSON_TYPE).send(joinFragments('[', await products.fragments(result.ids), ']'));
    },

    getProducts: async (request, reply) => {
      const page = await products.page(request.query.page ?? 1);
      return listAnswer(request, reply, page.ids, (shown) =>
        writeProductsAnswer({ success: true, message: 'All Products', countTotal: shown, total: page.total, products: [] }),
      );
    },

    getProduct: async (request, reply) => {
      const id = await products.idBySlug(request.params.slug);
      // Its kept JSON in the answer's frame (a product deleted since its id was found: none).
      const [fragment] = await products.fragments([id]);
      if (!fragment) throw notFound('Product not found');
      request.answerHolds = [id];
      return reply.type(JSON_TYPE).send(joinFragments(PRODUCT_FRAME[0], [fragment], PRODUCT_FRAME[1]));
    },

    relatedProducts: async (request, reply) => {
      const ids = await products.related(request.params.pid, request.params.cid);
      return listAnswer(request, reply, ids, () => writeRelatedAnswer({ success: true, products: [] }));
    },

    productCategory: async (request, reply) => {
      const category = await categories.bySlug(request.params.slug);
      const page = await products.inCategory(category.id, request.query.page);
      return listAnswer(request, reply, page.ids, () =>
        writeCategoryAnswer({ success: true, category: toWireCategory(category), products: [], total: page.total }),
      );
    },

    productPhoto: async (request, reply) => {
      const { id } = request.params;
      const { w: width } = request.query;
      if (width !== undefined) {
        const known = await products.etagOfPhoto(id, width);
        if (known && matchesEtag(request.headers['if-none-match'], known)) {
          reply.header('etag', known);
          reply.header('cache-control', photoCacheControl(request.query.v));
          return reply.code(304).send();
        }
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

    adminProduct: async (request) => {
      const { row, lowStockThreshold, taxClass } = await products.forAdmin(request.params.id);
      return { success: true, product: toWireProduct(row), lowStockThreshold, taxClass };
    },

    adminProductBySlug: async (request) => {
      const { row, lowStockThreshold, taxClass } = await products.forAdmin(await products.idBySlugForAdmin(request.params.slug));
      return { success: true, product: toWireProduct(row), lowStockThreshold, taxClass };
    },

    createProduct: async (request) => {
      const { fields, file } = request.form;
      const photo = file ? await checkPhoto(file) : null;
      const row = await products.create(fields, photo, actorOf(request));
      return { success: true, message: 'Product Created Successfully', product: toWireProduct(row) };
    },

    updateProduct: async (request) => {
      const { fields, file } = request.form;
      const photo = file ? await checkPhoto(file) : null;
      const row = await products.update(request.params.id, fields, photo, actorOf(request));
      return { success: true, message: 'Product Updated Successfully', product: toWireProduct(row) };
    },

    productVariants: async (request) => {
      const read = await variants.bySlug(request.params.slug);
      request.answerHolds = [read.productId];
      return toWireProductVariants(read);
    },

    adminProductVariants: async (request) => toWireProductVariants(await variants.forAdmin(request.params.id), true),

    setProductVariants: async (request) =>
      toWireProductVariants(await variants.setGrid(request.params.id, request.body, actorOf(request)), true),

    addProductPhoto: async (request) => {
      const { fields, file } = request.form;
      if (!file) throw badRequest('photo: is required');
      const photo = await checkPhoto(file);
      const gallery = await variants.addPhoto(request.params.id, photo, fields.alt ?? '', actorOf(request));
      return { success: true, message: 'Photo Added', photos: gallery.map(toWireGalleryPhoto) };
    },

    arrangeProductPhotos: async (request) => {
      const gallery = await variants.arrangePhotos(request.params.id, request.body.photos, actorOf(request));
      return { success: true, message: 'Photos Saved', photos: gallery.map(toWireGalleryPhoto) };
    },

    deleteProductPhoto: async (request) => {
      const gallery = await variants.deletePhoto(request.params.id, request.params.photoId, actorOf(request));
      return { success: true, message: 'Photo Deleted', photos: gallery.map(toWireGalleryPhoto) };
    },

    setVariantPhotos: async (request) =>
      toWireProductVariants(await variants.setVariantPhotos(request.params.id, request.body.photos.map(Number), actorOf(request)), true),

    galleryPhoto: async (request, reply) => {
      const { photoId } = request.params;
      const { w: width } = request.query;
      // A revalidation of what the process has seen: answered from the kept ETag, without the database.
      const known = await variants.photoEtag(photoId, width);
      if (known && matchesEtag(request.headers['if-none-match'], known)) {
        reply.header('etag', known);
        reply.header('cache-control', photoCacheControl(request.query.v));
        return reply.code(304).send();
      }
      const found = width === undefined ? known : await variants.photoCopy(photoId, width);
      if (!found) return reply.code(404).send({ success: false, message: 'Photo not found' });
      const etag = typeof found === 'string' ? found : found.etag;
      reply.header('etag', etag);
      reply.header('cache-control', photoCacheControl(request.query.v));
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const photo = typeof found === 'string' ? await variants.photo(photoId) : found;
      if (!photo) return reply.code(404).send({ success: false, message: 'Photo not found' });
      reply.header('etag', photo.etag);
      return reply.type(photo.contentType).send(Buffer.from(photo.data));
    },

    deleteProduct: async (request) => {
      await products.remove(request.params.id, actorOf(request));
      return { success: true, message: 'Product Deleted Successfully' };
    },
  } satisfies Partial<Handlers>;
};
