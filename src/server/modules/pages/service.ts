import { descriptionPreview } from '../../../domain/description-preview.ts';
import { formatShopMoney, minorToDecimal, shopMoney } from '../../../domain/money.ts';
import type { CategoryService } from '../category/service.ts';
import type { ProductService } from '../product/service.ts';
import { SHOP_CONTENT_SCRIPT_ID } from '../../../contract/limits.ts';
import { type PageMeta, renderData, renderRobots, renderSitemap } from './mapper.ts';

const defaultDescription = (shopName: string) =>
  `${shopName}: electronics, books, home, clothing, sports, beauty and toys, delivered to your door.`;
/** The sitemap protocol allows 50,000 URLs per file; the newest products fill what the pages leave. */
const SITEMAP_PRODUCTS = 45_000;
const SITEMAP_TTL_MS = 10 * 60_000;

export interface PagesOptions {
  products: ProductService;
  categories: CategoryService;
  /** The shop's public origin (PUBLIC_URL): every absolute URL starts with it, never with the Host header. */
  publicUrl: string;
  /** SHOP_NAME, in titles and Open Graph tags. */
  shopName: string;
  /** The shop's own words and banners as shop/content answers them, written into every page. */
  shopContent?: () => Promise<unknown>;
  /**
   * The catalogue's generation (the answer cache's): it moves at every change of the catalogue, in this
   * process or told by the database from another one (NOTIFY), and the sitemap is built again.
   */
  catalogueGeneration?: () => number;
}

/** The pages the server writes: each page's title and tags (from the catalogue), the sitemap, robots.txt. */
export function createPagesService({ products, categories, publicUrl: base, shopName, shopContent, catalogueGeneration = () => 0 }: PagesOptions) {
  // One sitemap per process, built again after a change of the catalogue (a product drafted, deleted or
  // renamed: the next read has it) and at least every 10 minutes (a change that went unheard while the
  // database's notices were down); never per request, whatever the Host says. Requests that arrive while
  // it is being built wait for that one build.
  let sitemap: { xml: Promise<string>; at: number; generation: number } | null = null;

  async function buildSitemap(): Promise<string> {
    const [categoryRows, productRows] = await Promise.all([categories.list(), products.sitemapEntries(SITEMAP_PRODUCTS)]);
    return renderSitemap([
      ...['/', '/categories', '/about', '/contact', '/policy', '/shipping', '/returns'].map((path) => ({ loc: `${base}${path}` })),
      ...categoryRows.map((row) => ({ loc: `${base}/category/${row.slug}` })),
      ...productRows.map((row) => ({ loc: `${base}/product/${row.slug}`, lastmod: row.updatedAt.toISOString() })),
    ]);
  }

  return {
    shopName,

    /** The tags of a page path, or null when its product or category does not exist (a 404 page). */
    async metaFor(path: string): Promise<PageMeta | null> {
      const url = `${base}${path}`;
      const product = /^\/product\/([a-z0-9-]{1,200})$/.exec(path);
      if (product?.[1]) {
        try {
          const row = await products.bySlug(product[1]);
          return {
            title: `${row.name} - ${shopName}`,
            description: `${formatShopMoney(row.priceCents)} · ${descriptionPreview(row.description, 150)}`,
            url: `${base}/product/${row.slug}`,
            image: row.hasPhoto ? `${base}/api/v1/product/product-photo/${row.id}?v=${row.updatedAt.toISOString()}` : undefined,
            type: 'product',
            price: { amount: minorToDecimal(row.priceCents, shopMoney().currency), currency: shopMoney().currency },
          };
        } catch {
          return null;
        }
      }
      const category = /^\/category\/([a-z0-9-]{1,200})$/.exec(path);
      if (category?.[1]) {
        try {
          const row = await categories.bySlug(category[1]);
          return {
            title: `Category - ${row.name} - ${shopName}`,
            description: `Shop ${row.name} at ${shopName}: the newest products, delivered to your door.`,
            url: `${base}/category/${row.slug}`,
            type: 'website',
          };
        } catch {
          return null;
        }
      }
      return { title: `${shopName} - Shop online`, description: defaultDescription(shopName), url, type: 'website' };
    },

    sitemap(): Promise<string> {
      const generation = catalogueGeneration();
      if (!sitemap || sitemap.generation !== generation || Date.now() - sitemap.at > SITEMAP_TTL_MS) {
        // The generation before the build's reads: a change during the build makes the next read build again.
        const xml = buildSitemap();
        const built = { xml, at: Date.now(), generation };
        sitemap = built;
        xml.catch(() => {
          if (sitemap === built) sitemap = null;
        });
      }
      return sitemap.xml;
    },

    robots: () => renderRobots(base),

    /**
     * The data script of every page: the shop's own words. Without them (none given, or the database did not
     * answer) the page is sent anyway and the web app asks for them itself.
     */
    async pageData(): Promise<string> {
      if (!shopContent) return '';
      try {
        return renderData(SHOP_CONTENT_SCRIPT_ID, await shopContent());
      } catch {
        return '';
      }
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
