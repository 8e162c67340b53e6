import type { ApiDownload } from '../../../lib/download.ts';

/** GET admin/products.csv: every product as CSV (the server names it products-<date>.csv). */
export const productsCsv = (): ApiDownload => ({ path: '/admin/products.csv', fallbackName: 'products.csv' });
