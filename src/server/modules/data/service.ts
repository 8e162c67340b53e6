import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/http-errors.ts';
import type { Actor } from '../audit/service.ts';
import { allProducts } from '../product/service.ts';
import { applyImport, planImport } from './products-csv.ts';
import { allCategories, orderLines } from './repo.ts';

export interface ImportRequest {
  file: Buffer | null;
  fileName: string | null;
  /** Apply the changes (one transaction); otherwise a dry run that changes nothing. */
  apply: boolean;
  createCategories: boolean;
}

/** The shop's data for its owner: the catalogue as CSV (export, import with a dry run) and orders for accounting. */
export function createDataService(db: Db, timeZone: string) {
  return {
    /** Every product with its category's name, oldest first, read in batches. */
    async *products() {
      const names = new Map((await allCategories(db)).map((row) => [row.id, row.name]));
      for await (const product of allProducts(db)) yield { product, categoryName: names.get(product.categoryId) ?? '' };
    },

    /** The report of a file; applied when asked and no row has an error. */
    async importProducts({ file, fileName, apply, createCategories }: ImportRequest, actor: Actor) {
      if (!file) throw badRequest('file: is required (a CSV file)');
      const plan = await planImport(db, file, createCategories);
      const refused = plan.report.summary.error > 0;
      if (apply && !refused) await applyImport(db, plan, actor, fileName);
      return { report: { ...plan.report, applied: apply && !refused }, refused };
    },

    /** Order lines of orders placed within [from, to], days in the shop's time zone. */
    orderLines: (from: string | undefined, to: string | undefined) => orderLines(db, { from, to, timeZone }),
  };
}

export type DataService = ReturnType<typeof createDataService>;
