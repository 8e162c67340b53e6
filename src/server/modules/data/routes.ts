import { ORDER_CSV_COLUMNS, CATALOGUE_CSV_COLUMNS } from '../../../contract/data.ts';
import { sendCsv, today } from '../../lib/csv.ts';
import type { Handlers } from '../../plugins/calls.ts';
import { actorOf } from '../auth/guards.ts';
import { toOrderCsvRow, toProductCsvRow } from './mapper.ts';
import type { DataService } from './service.ts';

/** The shop's data for its owner: the catalogue as CSV (export, import with a dry run) and orders for accounting. */
export const dataHandlers = (data: DataService) =>
  ({
    productsCsv: async (_request, reply) => {
      async function* rows() {
        for await (const { product, categoryName, options, variants } of data.products()) {
          if (variants.length === 0) yield toProductCsvRow(product, categoryName);
          for (const variant of variants) yield toProductCsvRow(product, categoryName, variant, options);
        }
      }
      return sendCsv(reply, `products-${today()}.csv`, CATALOGUE_CSV_COLUMNS, rows());
    },

    importProducts: async (request, reply) => {
      const { fields, file, fileName } = request.form;
      const { report, refused } = await data.importProducts({ file, fileName, ...fields }, actorOf(request));
      const { summary } = report;
      if (refused) {
        const rows = summary.error === 1 ? '1 row has an error' : `${summary.error} rows have errors`;
        const message = fields.apply ? `${rows}: nothing was changed` : `${rows}: fix ${summary.error === 1 ? 'it' : 'them'} and try again`;
        return reply.code(400).send({ success: false, message, ...report });
      }
      const message = report.applied
        ? `Imported: ${summary.create} created, ${summary.update} updated, ${summary.unchanged} unchanged`
        : 'Dry run: nothing was changed';
      return { success: true, message, ...report };
    },

    ordersCsv: async (request, reply) => {
      const { from, to, ids } = request.query;
      async function* rows() {
        for await (const line of data.orderLines(from, to, ids)) yield toOrderCsvRow(line);
      }
      const span = ids ? `-selected-${today()}` : from || to ? `-${from ?? 'start'}-to-${to ?? today()}` : '';
      return sendCsv(reply, `orders${span}.csv`, ORDER_CSV_COLUMNS, rows());
    },
  }) satisfies Partial<Handlers>;
