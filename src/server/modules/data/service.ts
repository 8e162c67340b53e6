import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/http-errors.ts';
import type { Actor } from '../audit/service.ts';
import { allProducts, findOptionsOf, findVariantsOf, type StoredProduct } from '../product/service.ts';
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
    /** Every product with its category's name, its options and variants, oldest first, read in batches. */
    async *products() {
      const names = new Map((await allCategories(db)).map((row) => [row.id, row.name]));
      let batch: StoredProduct[] = [];
      async function* flush() {
        const ids = batch.map((product) => product.id);
        const [options, variants] = await Promise.all([findOptionsOf(db, ids), findVariantsOf(db, ids)]);
        for (const product of batch) {
          yield { product, categoryName: names.get(product.categoryId) ?? '', options: options.get(product.id) ?? [], variants: variants.get(product.id) ?? [] };
        }
        batch = [];
      }
      for await (const product of allProducts(db)) {
        batch.push(product);
        if (batch.length >= 500) yield* flush();
      }
      yield* flush();
    },

    /** The report of a file; applied when asked and no row has an error. */
    async importProducts({ file, fileName, apply, createCategories }: ImportRequest, actor: Actor) {
      if (!file) throw badRequest('file: is required (a CSV file)');
      const plan = await planImport(db, file, createCategories);
      const refused = plan.report.summary.error > 0;
      if (apply && !refused) await applyImport(db, plan, actor, fileName);
      return { report: { ...plan.report, applied: apply && !refused }, refused };
    },

    /** Order lines of orders placed within [from, to], days in the shop's time zone (only the `ids` orders when named). */
    orderLines: (from: string | undefined, to: string | undefined, ids?: number[]) => orderLines(db, { from, to, timeZone, ids }),
  };
}

export type DataService = ReturnType<typeof createDataService>;
