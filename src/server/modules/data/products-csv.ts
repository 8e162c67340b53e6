import { parse } from 'csv-parse/sync';
import {
  CATALOGUE_CSV_COLUMNS,
  type ImportReport,
  type ImportRow,
  IMPORT_MAX_ROWS,
  IMPORT_REPORT_MAX_ROWS,
  PRODUCT_CSV_REQUIRED,
  productCsvRow,
  VARIANT_CSV_COLUMNS,
  type VariantCsvRow,
  variantCsvRow,
} from '../../../contract/data.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../contract/product.ts';
import { toCents } from '../../../domain/money.ts';
import { canonicalValues, combinationKey, gridProblem, type OptionDef } from '../../../domain/variants.ts';
import { SLUG_PATTERN, slugify } from '../../../domain/slug.ts';
import type { Db } from '../../db/client.ts';
import { restoreCell } from '../../lib/csv.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { UNIQUE_SLUG_TRIES, uniqueSlug } from '../../lib/unique-slug.ts';
import { type Actor, recordChange, recordChanges } from '../audit/service.ts';
import { insertCategory, newCategorySlug } from '../category/service.ts';
import { toAuditProduct, toAuditVariants } from '../product/mapper.ts';
import {
  findOptionsOf,
  findVariantsOf,
  insertProducts,
  type OptionRow,
  type ProductValues,
  productsBySlug,
  replaceGrid,
  type StoredProduct,
  takenSlugs,
  updateProducts,
  type VariantRow,
  type VariantValuesRow,
} from '../product/service.ts';
import { allCategories } from './repo.ts';

type Column = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** The product fields each CSV column sets (what an update's `changes` name). */
const FIELD_COLUMN: Record<string, Column> = {
  name: 'name',
  description: 'description',
  price: 'price',
  quantity: 'quantity',
  shipping: 'shipping',
  category: 'category',
  lowStockThreshold: 'low_stock_threshold',
  draft: 'draft',
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
  /** With the variant columns: the product's options and variants as the file has them (written when changed). */
  grid?: { options: OptionRow[]; variants: VariantValuesRow[]; changed: boolean; before?: { options: OptionRow[]; variants: VariantRow[] } };
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
        const unknown = names.filter((name) => !(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(name));
        if (unknown.length > 0) {
          throw badRequest(`file: unknown column ${unknown.slice(0, 5).join(', ').slice(0, 200)} (the columns are ${CATALOGUE_CSV_COLUMNS.join(', ')})`);
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
  (['name', 'description', 'priceCents', 'quantity', 'shipping', 'categoryId', 'lowStockThreshold', 'draft'] as const).filter(
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
  draft: 'draft',
};

/** The options a row names, in order (name and value), from the variant columns. */
function rowOptions(variant: VariantCsvRow): { name: string; value: string }[] {
  const named = [
    [variant.option1_name, variant.option1_value],
    [variant.option2_name, variant.option2_value],
    [variant.option3_name, variant.option3_value],
  ] as const;
  return named.flatMap(([name, value]) => (name || value ? [{ name: name ?? '', value: value ?? '' }] : []));
}

/** A record of the file, read: its product columns, its variant columns, or its errors. */
interface ReadRecord {
  line: number;
  slug: string;
  name: string;
  fields?: ReturnType<typeof productCsvRow.parse>;
  variant?: VariantCsvRow;
  errors: { column: string; message: string }[];
}

function readRecord(line: number, record: Record<string, string>): ReadRecord {
  const slug = (record.slug ?? '').trim();
  const read: ReadRecord = { line, slug, name: (record.name ?? '').trim(), errors: [] };
  const parsed = productCsvRow.safeParse({
    ...record,
    shipping: record.shipping?.trim() ? record.shipping.trim() : undefined,
    lowStockThreshold: record.low_stock_threshold?.trim() ? record.low_stock_threshold : undefined,
    draft: record.draft?.trim() ? record.draft.trim() : undefined,
    slug: slug || undefined,
  });
  const variant = variantCsvRow.safeParse(Object.fromEntries(VARIANT_CSV_COLUMNS.map((column) => [column, record[column] ?? ''])));
  const seen = new Set<string>();
  for (const issue of [...(parsed.error?.issues ?? []), ...(variant.error?.issues ?? [])]) {
    const column = FIELD_COLUMN[String(issue.path[0])] ?? String(issue.path[0] ?? 'row');
    if (seen.has(column)) continue;
    seen.add(column);
    read.errors.push({ column, message: issue.message });
  }
  if (parsed.success) read.fields = parsed.data;
  if (variant.success) read.variant = variant.data;
  return read;
}

/**
 * The rows of one product: with the variant columns, the rows that follow each other with one slug (or, for a
 * new product, without a slug, the same name and option values) are its variants; otherwise each row is one.
 */
function groupRecords(records: ReadRecord[], variantColumns: boolean): ReadRecord[][] {
  const groups: ReadRecord[][] = [];
  for (const record of records) {
    const last = groups.at(-1);
    const previous = last?.at(-1);
    const hasOptions = record.variant ? rowOptions(record.variant).length > 0 : false;
    const sameProduct =
      variantColumns &&
      previous !== undefined &&
      (record.slug ? record.slug === previous.slug : !previous.slug && hasOptions && record.name === previous.name);
    if (sameProduct && last) last.push(record);
    else groups.push([record]);
  }
  return groups;
}

const sameGrid = (a: { options: OptionDef[]; variants: VariantValuesRow[] }, b: { options: OptionRow[]; variants: VariantRow[] }) =>
  JSON.stringify(a.options) === JSON.stringify(b.options) &&
  a.variants.length === b.variants.length &&
  a.variants.every((variant, i) => {
    const other = b.variants[i];
    return (
      other !== undefined &&
      variant.sku === other.sku &&
      variant.priceCents === other.priceCents &&
      variant.compareAtCents === other.compareAtCents &&
      variant.stock === other.stock &&
      variant.lowStockThreshold === other.lowStockThreshold &&
      variant.weightGrams === other.weightGrams &&
      combinationKey(variant.options) === combinationKey(other.options)
    );
  });

/**
 * The options and variants of a product from its rows; a problem names the row's line and column. Variants
 * keep their ids (and photos) when the product has their combination.
 */
function gridOf(
  group: ReadRecord[],
  current: VariantRow[],
): { options: OptionRow[]; variants: VariantValuesRow[] } | { line: number; column: string; message: string } {
  const first = group[0];
  const names = first?.variant ? rowOptions(first.variant).map((option) => option.name) : [];
  const options: OptionRow[] = names.map((name) => ({ name, values: [] }));
  for (const record of group) {
    const named = record.variant ? rowOptions(record.variant) : [];
    const mismatch = named.length !== names.length ? 0 : named.findIndex((option, o) => option.name !== names[o]);
    if (named.length !== names.length || mismatch >= 0) {
      return { line: record.line, column: `option${Math.max(mismatch, 0) + 1}_name`, message: `must name the options of the product's first row (${names.join(', ') || 'none'})` };
    }
    for (const [o, option] of named.entries()) {
      const values = options[o]?.values ?? [];
      if (!values.some((value) => value.toLowerCase() === option.value.toLowerCase())) values.push(option.value);
    }
  }
  const byCombination = new Map(current.map((variant) => [combinationKey(variant.options), variant]));
  const variants: VariantValuesRow[] = group.map((record) => {
    const values = canonicalValues(options, record.variant ? rowOptions(record.variant).map((option) => option.value) : []);
    const kept = byCombination.get(combinationKey(values));
    return {
      ...(kept ? { id: kept.id } : {}),
      sku: record.variant?.sku ?? null,
      priceCents: toCents(record.fields?.price ?? 0),
      compareAtCents: record.variant?.compare_at_price === undefined ? null : toCents(record.variant.compare_at_price),
      stock: record.fields?.quantity ?? 0,
      lowStockThreshold: record.fields?.lowStockThreshold ?? kept?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
      weightGrams: record.variant?.weight_grams ?? null,
      options: values,
      photoIds: kept?.photoIds ?? [],
    };
  });
  const problem = gridProblem(options, variants);
  if (problem) {
    const at = /^variants\.(\d+)(?:\.(\w+))?/.exec(problem.field);
    const record = group[Number(at?.[1] ?? 0)] ?? first;
    return { line: record?.line ?? 0, column: at?.[2] === 'sku' ? 'sku' : 'option1_value', message: problem.message };
  }
  return { options, variants };
}

/**
 * What importing `file` would do, row by row, without changing anything: rows match products by slug,
 * a row without a slug is a new product, categories match by name (any case). With the variant columns, the
 * rows of a product are its variants (its report is on its first row).
 */
export async function planImport(db: Db, file: Buffer, createCategories: boolean): Promise<ImportPlan> {
  const records = readCsv(file);
  const variantColumns = records.some(({ record }) => VARIANT_CSV_COLUMNS.some((column) => column in record));
  const knownCategories = new Map((await allCategories(db)).map((row) => [row.name.toLowerCase(), row]));
  const fileSlugs = [...new Set(records.map(({ record }) => (record.slug ?? '').trim()).filter(Boolean))];
  const existing = await productsBySlug(db, fileSlugs);
  const existingIds = [...existing.values()].map((product) => product.id);
  const [currentOptions, currentVariants] = await Promise.all([findOptionsOf(db, existingIds), findVariantsOf(db, existingIds)]);
  const newSlugsTaken = await takenSlugs(db, fileSlugs.filter((slug) => !existing.has(slug)));
  const newCategories = new Map<string, string>();
  const seenSlugs = new Set<string>();
  const groups = groupRecords(
    records.map(({ line, record }) => readRecord(line, record)),
    variantColumns,
  );
  const rows: PlannedRow[] = groups.map((group) => {
    const head = group[0] as ReadRecord;
    const { slug } = head;
    const report: ImportRow = { line: head.line, slug, name: head.name, action: 'error', changes: [], errors: [] };
    const fail = (column: string, message: string): PlannedRow => {
      report.errors.push({ column, message });
      return { report };
    };
    for (const record of group) {
      for (const error of record.errors) {
        report.errors.push(record === head ? error : { column: error.column, message: `line ${record.line}: ${error.message}` });
      }
    }
    if (report.errors.length > 0 || !head.fields) return { report };
    const fields = head.fields;
    for (const record of group.slice(1)) {
      const other = record.fields;
      const differs = (['name', 'description', 'category', 'shipping', 'draft'] as const).find((key) => other?.[key] !== fields[key]);
      if (differs) return fail(FIELD_COLUMN[differs] ?? differs, `line ${record.line}: differs from the product's first row`);
    }
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
    let grid: PlannedRow['grid'];
    if (variantColumns) {
      const before = current ? { options: currentOptions.get(current.id) ?? [], variants: currentVariants.get(current.id) ?? [] } : undefined;
      const made = gridOf(group, before?.variants ?? []);
      if ('message' in made) {
        return fail(made.column, made.line === head.line ? made.message : `line ${made.line}: ${made.message}`);
      }
      grid = { ...made, changed: !before || !sameGrid(made, before), ...(before ? { before } : {}) };
    }
    const single = group.length === 1;
    const write: ProductValues = {
      slug: current?.slug ?? slug,
      name: fields.name,
      description: fields.description,
      // With several variants, the product's price is the lowest and its quantity their sum.
      priceCents: Math.min(...group.map((record) => toCents(record.fields?.price ?? 0))),
      quantity: group.reduce((sum, record) => sum + (record.fields?.quantity ?? 0), 0),
      shipping: fields.shipping ?? current?.shipping ?? false,
      categoryId: category?.id ?? 0,
      lowStockThreshold: (single ? fields.lowStockThreshold : undefined) ?? current?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
      // A file without the draft column (or an empty cell) keeps the product's state; a new product is shown.
      draft: fields.draft ?? current?.draft ?? false,
    };
    const withGrid = grid ? { grid } : {};
    if (!current) {
      report.action = 'create';
      return { report, write, ...withGrid, ...(newCategory ? { newCategory } : {}) };
    }
    // A new category has no id yet (0 here): that counts as a change of category.
    const changed = sameProduct(current, write);
    if (!grid && changed.includes('priceCents') && (currentVariants.get(current.id)?.length ?? 0) > 1) {
      return fail('price', "this product has variants; change each variant's price on its own row (export the catalogue again for its variant columns)");
    }
    report.changes = [...changed.map((key) => CHANGE_COLUMN[key] ?? key), ...(grid?.changed ? ['variants'] : [])];
    report.action = report.changes.length === 0 ? 'unchanged' : 'update';
    return { report, write, current, ...withGrid, ...(newCategory ? { newCategory } : {}) };
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
        rows: records.length,
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
    // The variants of the products whose variant rows changed (or that are new), after their products.
    const grids = [
      ...creating.map((row, index) => ({ row, id: created[index]?.id })),
      ...updates.map((row) => ({ row, id: row.current?.id })),
    ].filter((entry) => entry.row.grid?.changed && entry.id !== undefined);
    for (const { row, id } of grids) {
      const grid = row.grid as NonNullable<PlannedRow['grid']>;
      await replaceGrid(tx, id as number, grid.options, grid.variants);
    }
    const gridEntries = grids.map(({ row, id }) => {
      const grid = row.grid as NonNullable<PlannedRow['grid']>;
      return {
        entityId: id as number,
        action: 'product.variants',
        before: grid.before ? toAuditVariants(grid.before.options, grid.before.variants) : null,
        after: toAuditVariants(grid.options, grid.variants),
      };
    });

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
    await recordChanges(tx, actor, [...entries, ...gridEntries].map((entry) => ({ entity: 'product', ...entry })));
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
