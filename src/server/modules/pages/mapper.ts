/** A page as the server writes it: the tags of index.html's `<!--seo-->` block, the sitemap, robots.txt. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page (canonical). */
  url: string;
  image?: string | undefined;
  type: 'website' | 'product';
  /** A product's price: decimal text in the shop's currency. */
  price?: { amount: string; currency: string };
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
    tags.push(`<meta property="product:price:amount" content="${escapeHtml(meta.price.amount)}" />`);
    tags.push(`<meta property="product:price:currency" content="${escapeHtml(meta.price.currency)}" />`);
  }
  return tags.join('\n    ');
}

/**
 * The shop's currency and locale, written into the page so that the web app formats its first prices
 * without asking (src/web/lib/shop-money.ts reads them).
 */
export function injectShopMoney(indexHtml: string, money: { currency: string; locale: string }): string {
  return indexHtml.replace(
    '<!--shop-money-->',
    `<meta name="shop-money" data-currency="${escapeHtml(money.currency)}" data-locale="${escapeHtml(money.locale)}" />`,
  );
}

/**
 * Data for the web app's first render, as a JSON script (never run): `<` written as `\u003c`, so no text
 * of the owner's can close the script.
 */
export const renderData = (id: string, data: unknown) =>
  `<script id="${id}" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

export function injectMeta(indexHtml: string, meta: PageMeta, shopName: string, data = ''): string {
  const block = [renderMeta(meta, shopName), ...(data ? [data] : [])].join('\n    ');
  return indexHtml.replace(/<!--seo-->[\s\S]*<!--\/seo-->/, `<!--seo-->\n    ${block}\n    <!--/seo-->`);
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderSitemap(urls: { loc: string; lastmod?: string }[]): string {
  const body = urls
    .map((entry) => `<url><loc>${xmlEscape(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`)
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
