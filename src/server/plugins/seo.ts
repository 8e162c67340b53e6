import { descriptionPreview } from '../../domain/description-preview.ts';
import { formatPrice } from '../../domain/money.ts';
import type { CategoryService } from '../modules/category/service.ts';
import type { ProductService } from '../modules/product/service.ts';

const defaultDescription = (shopName: string) =>
  `${shopName}: electronics, books, home, clothing, sports, beauty and toys, delivered to your door.`;
/** The sitemap protocol allows 50,000 URLs per file; the newest products fill what the pages leave. */
const SITEMAP_PRODUCTS = 45_000;

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page (canonical). */
  url: string;
  image?: string;
  type: 'website' | 'product';
  price?: number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The `<!--seo-->` block of index.html for one page. */
export function renderMeta(meta: PageMeta, shopName: string): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(shopName)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
  ];
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeHtml(meta.image)}" />`);
  if (meta.price !== undefined) {
    tags.push(`<meta property="product:price:amount" content="${meta.price.toFixed(2)}" />`);
    tags.push('<meta property="product:price:currency" content="USD" />');
  }
  return tags.join('\n    ');
}

export function injectMeta(indexHtml: string, meta: PageMeta, shopName: string): string {
  return indexHtml.replace(/<!--seo-->[\s\S]*<!--\/seo-->/, `<!--seo-->\n    ${renderMeta(meta, shopName)}\n    <!--/seo-->`);
}

export interface SeoServices {
  products: ProductService;
  categories: CategoryService;
  /** The shop's public origin (PUBLIC_URL): every absolute URL starts with it, never with the Host header. */
  publicUrl: string;
  /** SHOP_NAME, in titles and Open Graph tags. */
  shopName: string;
}

/** Meta for a page path, or null when the product or category does not exist (a 404 page). */
export async function metaForPath(path: string, services: SeoServices): Promise<PageMeta | null> {
  const base = services.publicUrl;
  const url = `${base}${path}`;
  const { shopName } = services;
  const product = /^\/product\/([a-z0-9-]{1,200})$/.exec(path);
  if (product?.[1]) {
    try {
      const row = await services.products.bySlug(product[1]);
      return {
        title: `${row.name} - ${shopName}`,
        description: `${formatPrice(row.priceCents / 100)} · ${descriptionPreview(row.description, 150)}`,
        url: `${base}/product/${row.slug}`,
        image: row.hasPhoto ? `${base}/api/v1/product/product-photo/${row.id}?v=${row.updatedAt.toISOString()}` : undefined,
        type: 'product',
        price: row.priceCents / 100,
      };
    } catch {
      return null;
    }
  }
  const category = /^\/category\/([a-z0-9-]{1,200})$/.exec(path);
  if (category?.[1]) {
    try {
      const row = await services.categories.bySlug(category[1]);
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
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function renderSitemap(services: SeoServices): Promise<string> {
  const base = services.publicUrl;
  const [categories, products] = await Promise.all([
    services.categories.list(),
    services.products.sitemapEntries(SITEMAP_PRODUCTS),
  ]);
  const urls = [
    ...['/', '/categories', '/about', '/contact', '/policy'].map((path) => ({ loc: `${base}${path}` })),
    ...categories.map((row) => ({ loc: `${base}/category/${row.slug}` })),
    ...products.map((row) => ({ loc: `${base}/product/${row.slug}`, lastmod: row.updatedAt.toISOString() })),
  ];
  const body = urls
    .map((entry) => `<url><loc>${xmlEscape(entry.loc)}</loc>${'lastmod' in entry ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/v1/product/product-photo/',
    'Disallow: /api/',
    'Disallow: /dashboard/',
    'Disallow: /cart',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
