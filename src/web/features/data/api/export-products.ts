import { callPath } from '../../../lib/api-client.ts';
import type { ApiDownload } from '../../../lib/download.ts';

/** GET admin/products.csv: every product as CSV (the server names it products-<date>.csv). */
export const productsCsv = (): ApiDownload => ({ path: callPath('productsCsv'), fallbackName: 'products.csv' });
