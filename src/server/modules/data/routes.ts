import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_BYTES,
  importOptions,
  importRefusedResponse,
  importResponse,
  ORDER_CSV_COLUMNS,
  ordersCsvQuery,
  PRODUCT_CSV_COLUMNS,
} from '../../../contract/data.ts';
import { toWireStatus } from '../../../contract/order-status-wire.ts';
import { fromCents } from '../../../domain/money.ts';
import { isPaid, ORDER_STATUS_LABELS, type OrderStatus, paymentLabel } from '../../../domain/order-status.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv, today } from '../../lib/csv.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { readMultipartForm } from '../../plugins/uploads.ts';
import { actorOf, type Guards } from '../auth/guards.ts';
import { applyImport, planImport, toCsvRow } from './products-csv.ts';
import { allCategories, allProducts, orderLines } from './repo.ts';

export interface DataRoutesOptions {
  db: Db;
  guards: Guards;
  /** The shop's time zone: the days of the orders export. */
  timeZone: string;
}

const money = (cents: number) => fromCents(cents).toFixed(2);

/** The shop's data for its owner: the catalogue as CSV (export, import with a dry run) and orders for accounting. */
export const dataRoutes: FastifyPluginAsyncZod<DataRoutesOptions> = async (app, { db, guards, timeZone }) => {
  const tags = ['admin'];

  app.get(
    '/products.csv',
    { preHandler: guards.requireAdmin, schema: { tags, description: 'Every product as CSV (UTF-8 with a byte-order mark), streamed.' } },
    async (_request, reply) => {
      const names = new Map((await allCategories(db)).map((row) => [row.id, row.name]));
      async function* rows() {
        for await (const product of allProducts(db)) yield toCsvRow(product, names.get(product.categoryId) ?? '');
      }
      return sendCsv(reply, `products-${today()}.csv`, PRODUCT_CSV_COLUMNS, rows());
    },
  );

  app.post(
    '/products-import',
    {
      preHandler: guards.requireAdmin,
      config: { invalidatesCatalogue: true },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: file (CSV), apply (`true` applies; otherwise a dry run), createCategories (`true`). Answers the report; 400 with it when a row has an error.',
        response: { 200: importResponse, 400: importRefusedResponse },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, 'file', { fileSize: IMPORT_MAX_BYTES });
      const options = importOptions.safeParse(form.fields);
      if (!options.success) {
        const issue = options.error.issues[0];
        throw badRequest(`${String(issue?.path[0] ?? 'body')}: must be true or false`);
      }
      if (!form.file) throw badRequest('file: is required (a CSV file)');
      const plan = await planImport(db, form.file, options.data.createCategories);
      const { summary } = plan.report;
      if (summary.error > 0) {
        const rows = summary.error === 1 ? '1 row has an error' : `${summary.error} rows have errors`;
        const message = options.data.apply ? `${rows}: nothing was changed` : `${rows}: fix ${summary.error === 1 ? 'it' : 'them'} and try again`;
        return reply.code(400).send({ success: false as const, message, ...plan.report });
      }
      if (!options.data.apply) {
        return { success: true as const, message: 'Dry run: nothing was changed', ...plan.report };
      }
      await applyImport(db, plan, actorOf(request), form.fileName);
      return {
        success: true as const,
        message: `Imported: ${summary.create} created, ${summary.update} updated, ${summary.unchanged} unchanged`,
        ...plan.report,
        applied: true,
      };
    },
  );

  app.get(
    '/orders.csv',
    {
      preHandler: guards.requireAdmin,
      schema: { tags, querystring: ordersCsvQuery, description: 'One row per order line, for accounting; days from and to (both included) in the shop\'s time zone.' },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      async function* rows() {
        for await (const line of orderLines(db, { from, to, timeZone })) {
          const status = line.status as OrderStatus;
          yield [
            line.orderId,
            line.createdAt.toISOString(),
            `${ORDER_STATUS_LABELS[status]} (${toWireStatus(status)})`,
            paymentLabel({ success: isPaid(status) }, status),
            line.buyerName,
            line.buyerEmail,
            line.deliveryName,
            line.deliveryAddress,
            line.deliveryPhone,
            line.productId,
            line.name,
            line.quantity,
            money(line.unitPriceCents),
            money(line.unitPriceCents * line.quantity),
            money(line.totalCents),
          ];
        }
      }
      const span = from || to ? `-${from ?? 'start'}-to-${to ?? today()}` : '';
      return sendCsv(reply, `orders${span}.csv`, ORDER_CSV_COLUMNS, rows());
    },
  );
};
