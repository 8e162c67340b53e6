import { parse } from 'csv-parse/sync';
import {
  type ImportReport,
  type ImportRow,
  IMPORT_MAX_ROWS,
  IMPORT_REPORT_MAX_ROWS,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED,
  productCsvRow,
} from '../../../contract/data.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../contract/product.ts';
import { toCents } from '../../../domain/money.ts';
import { SLUG_PATTERN, slugify } from '../../../domain/slug.ts';
import type { Db } from '../../db/client.ts';
import { restoreCell } from '../../lib/csv.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { UNIQUE_SLUG_TRIES, uniqueSlug } from '../../lib/unique-slug.ts';
import { type Actor, recordChange, recordChanges } from '../audit/service.ts';
import { insertCategory, newCategorySlug } from '../category/service.ts';
import { toAuditProduct } from '../product/mapper.ts';
import { insertProducts, type ProductValues, productsBySlug, type StoredProduct, takenSlugs, updateProducts } from '../product/service.ts';
import { allCategories } from './repo.ts';

type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The product fields each CSV column sets (what an update's `changes` name). */
const FIELD_COLUMN: Record<string, Column> = {
  name: 'name',
  description: 'description',
  price: 'price',
  quantity: 'quantity',
  shipping: 'shipping',
  category: 'category',
  lowStockThreshold: 'low_stock_threshold',
  slug: 'slug',
};

/** One row of the file, read and checked, with what it would do. */
interface PlannedRow {
  report: ImportRow;
  /** For create and update: the product as it will be. */
  write?: ProductValues;
  /** For update: the product as it is. */
  current?: StoredProduct;
  /** A category the import creates (by its lower-case name), for create and update. */
  newCategory?: string;
}

export interface ImportPlan {
  report: ImportReport;
  rows: PlannedRow[];
  /** Lower-case name → name as the file first spells it. */
  newCategories: Map<string, string>;
}

/**
 * Read the file: header checked, each record with the line it starts on (a spreadsheet's numbering), each
 * cell as the export had it before neutralising it for spreadsheets.
 */
function readCsv(file: Buffer): { line: number; record: Record<string, string> }[] {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    // A spreadsheet's "CSV" in a legacy encoding would otherwise import with broken letters.
    throw badRequest('file: is not UTF-8 text; save it as "CSV UTF-8" and import it again');
  }
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(file, {
      bom: true,
      columns: (header: string[]) => {
        const names = header.map((name) => name.trim().toLowerCase());
        const unknown = names.filter((name) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name));
        if (unknown.length > 0) {
          throw badRequest(`file: unknown column ${unknown.slice(0, 5).join(', ').slice(0, 200)} (the columns are ${PRODUCT_CSV_COLUMNS.join(', ')})`);
        }
        const missing = PRODUCT_CSV_REQUIRED.filter((name) => !names.includes(name));
        if (missing.length > 0) throw badRequest(`file: the header row lacks the columns ${missing.join(', ')}`);
        const duplicate = names.find((name, index) => names.indexOf(name) !== index);
        if (duplicate) throw badRequest(`file: the column ${duplicate} appears twice`);
        return names;
      },
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
      to: IMPORT_MAX_ROWS + 1,
    }) as typeof records;
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    const reason = error instanceof Error ? error.message.replace(/\s+/g, ' ').slice(0, 200) : 'unreadable';
    throw badRequest(`file: not a readable CSV (${reason})`);
  }
  if (records.length === 0) throw badRequest('file: holds no product rows');
  if (records.length > IMPORT_MAX_ROWS) throw badRequest(`file: at most ${IMPORT_MAX_ROWS} rows at a time`);
  let previousEnd = 1;
  return records.map(({ record, info }) => {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    // The export's apostrophe before a would-be formula comes off again (round trip without loss).
    return { line, record: Object.fromEntries(Object.entries(record).map(([column, value]) => [column, restoreCell(value)])) };
  });
}

const sameProduct = (a: ProductValues, b: ProductValues): (keyof ProductValues)[] =>
  (['name', 'description', 'priceCents', 'quantity', 'shipping', 'categoryId', 'lowStockThreshold'] as const).filter(
    (key) => a[key] !== b[key],
  );

const CHANGE_COLUMN: Record<string, Column> = {
  name: 'name',
  description: 'description',
  priceCents: 'price',
  quantity: 'quantity',
  shipping: 'shipping',
  categoryId: 'category',
  lowStockThreshold: 'low_stock_threshold',
};

/**
 * What importing `file` would do, row by row, without changing anything: rows match products by slug,
 * a row without a slug is a new product, categories match by name (any case).
 */
export async function planImport(db: Db, file: Buffer, createCategories: boolean): Promise<ImportPlan> {
  const records = readCsv(file);
  const knownCategories = new Map((await allCategories(db)).map((row) => [row.name.toLowerCase(), row]));
  const fileSlugs = [...new Set(records.map(({ record }) => (record.slug ?? '').trim()).filter(Boolean))];
  const existing = await productsBySlug(db, fileSlugs);
  const newSlugsTaken = await takenSlugs(db, fileSlugs.filter((slug) => !existing.has(slug)));
  const newCategories = new Map<string, string>();
  const seenSlugs = new Set<string>();
  const rows: PlannedRow[] = records.map(({ line, record }) => {
    const slug = (record.slug ?? '').trim();
    const report: ImportRow = { line, slug, name: (record.name ?? '').trim(), action: 'error', changes: [], errors: [] };
    const fail = (column: string, message: string): PlannedRow => {
      report.errors.push({ column, message });
      return { report };
    };
    const parsed = productCsvRow.safeParse({
      ...record,
      shipping: record.shipping?.trim() ? record.shipping.trim() : undefined,
      lowStockThreshold: record.low_stock_threshold?.trim() ? record.low_stock_threshold : undefined,
      slug: slug || undefined,
    });
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = FIELD_COLUMN[String(issue.path[0])] ?? String(issue.path[0] ?? 'row');
        if (seen.has(column)) continue;
        seen.add(column);
        report.errors.push({ column, message: issue.message });
      }
      return { report };
    }
    const fields = parsed.data;
    if (slug) {
      if (seenSlugs.has(slug)) return fail('slug', 'appears on an earlier row of the file');
      seenSlugs.add(slug);
    }
    const current = slug ? existing.get(slug) : undefined;
    if (slug && !current && !SLUG_PATTERN.test(slug)) {
      return fail('slug', 'must be lower-case letters, digits and single hyphens (or empty for a new product)');
    }
    if (slug && !current && newSlugsTaken.has(slug)) return fail('slug', 'was the address of another product; leave it empty');

    const categoryKey = fields.category.toLowerCase();
    const category = knownCategories.get(categoryKey);
    let newCategory: string | undefined;
    if (!category) {
      if (!createCategories) return fail('category', `no category named "${fields.category}" (tick "create categories" to add it)`);
      newCategory = categoryKey;
      if (!newCategories.has(categoryKey)) newCategories.set(categoryKey, fields.category);
    }
    const write: ProductValues = {
      slug: current?.slug ?? slug,
      name: fields.name,
      description: fields.description,
      priceCents: toCents(fields.price),
      quantity: fields.quantity,
      shipping: fields.shipping ?? current?.shipping ?? false,
      categoryId: category?.id ?? 0,
      lowStockThreshold: fields.lowStockThreshold ?? current?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    };
    if (!current) {
      report.action = 'create';
      return { report, write, ...(newCategory ? { newCategory } : {}) };
    }
    // A new category has no id yet (0 here): that counts as a change of category.
    const changed = sameProduct(current, write);
    report.action = changed.length === 0 ? 'unchanged' : 'update';
    report.changes = changed.map((key) => CHANGE_COLUMN[key] ?? key);
    return { report, write, current, ...(newCategory ? { newCategory } : {}) };
  });

  const count = (action: ImportRow['action']) => rows.filter((row) => row.report.action === action).length;
  const listed = [
    ...rows.filter((row) => row.report.action === 'error'),
    ...rows.filter((row) => row.report.action === 'create' || row.report.action === 'update'),
  ].map((row) => row.report);
  // Only categories that a row which is not an error would use.
  const used = new Set(rows.filter((row) => row.report.action !== 'error' && row.newCategory).map((row) => row.newCategory));
  for (const key of newCategories.keys()) if (!used.has(key)) newCategories.delete(key);
  return {
    rows,
    newCategories,
    report: {
      applied: false,
      summary: {
        rows: rows.length,
        create: count('create'),
        update: count('update'),
        unchanged: count('unchanged'),
        error: count('error'),
        newCategories: [...newCategories.values()],
      },
      rows: listed.slice(0, IMPORT_REPORT_MAX_ROWS),
      truncated: listed.length > IMPORT_REPORT_MAX_ROWS,
    },
  };
}

/**
 * Apply a plan without errors in one transaction: new categories, new products (slugs made from their
 * names where the file gives none), updates; each change and the import itself in the audit log.
 */
export async function applyImport(db: Db, plan: ImportPlan, actor: Actor, fileName: string | null): Promise<void> {
  // Slugs for new products without one: made from the name (uniqueSlug's candidates), free of every
  // product's, old or current, and of each other's; asked of the database once for all of them.
  const creating = plan.rows.filter((row) => row.report.action === 'create' && row.write);
  const bases = new Set(creating.filter((row) => !row.write?.slug).map((row) => slugify(row.write?.name ?? '')));
  const taken = await takenSlugs(db, [...bases].flatMap((base) => Array.from({ length: UNIQUE_SLUG_TRIES }, (_, n) => (n === 0 ? base : `${base}-${n + 1}`))));
  for (const row of plan.rows) if (row.write?.slug) taken.add(row.write.slug);
  const categorySlugs = await Promise.all([...plan.newCategories.values()].map((name) => newCategorySlug(db, name)));

  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, number>();
    for (const [index, [key, name]] of [...plan.newCategories].entries()) {
      const slug = categorySlugs[index] as string;
      const row = await insertCategory(tx, name, slug, actor);
      categoryIds.set(key, row.id);
    }
    const resolved = (row: PlannedRow): ProductValues => {
      const write = row.write as ProductValues;
      return row.newCategory ? { ...write, categoryId: categoryIds.get(row.newCategory) ?? write.categoryId } : write;
    };

    const inserts: ProductValues[] = [];
    for (const row of creating) {
      const write = resolved(row);
      const slug = write.slug || (await uniqueSlug(write.name, async (candidate) => taken.has(candidate)));
      taken.add(slug);
      inserts.push({ ...write, slug });
    }
    const created = await insertProducts(tx, inserts);
    const updates = plan.rows.filter((row) => row.report.action === 'update');
    await updateProducts(
      tx,
      updates.map((row) => ({ ...resolved(row), id: (row.current as StoredProduct).id })),
    );

    const entries = [
      ...created.map((row, index) => ({ entityId: row.id, action: 'product.create', before: null, after: toAuditProduct(inserts[index] as ProductValues) })),
      ...updates.map((row) => {
        const current = row.current as StoredProduct;
        const next = resolved(row);
        const keys = sameProduct(current, next);
        const before = toAuditProduct(current);
        const after = toAuditProduct(next);
        const fields = keys.map((key) => (key === 'priceCents' ? 'price' : key));
        return {
          entityId: current.id,
          action: 'product.update',
          before: Object.fromEntries(fields.map((key) => [key, before[key]])),
          after: Object.fromEntries(fields.map((key) => [key, after[key]])),
        };
      }),
    ];
    await recordChanges(tx, actor, entries.map((entry) => ({ entity: 'product', ...entry })));
    const { summary } = plan.report;
    await recordChange(tx, actor, {
      action: 'products.import',
      entity: 'import',
      entityId: null,
      after: {
        file: fileName,
        rows: summary.rows,
        create: summary.create,
        update: summary.update,
        unchanged: summary.unchanged,
        newCategories: summary.newCategories,
      },
    });
  });
}
