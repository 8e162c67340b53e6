/**
 * The whole shop as one file: gzip of JSON lines, the same on both engines (so a backup of the embedded
 * database restores into PostgreSQL and back).
 *
 *   {"@format":"emporium-backup","version":1,"createdAt":…,"engine":…,"migrations":N}
 *   {"@table":"users","columns":["id",…]}        then one line per row (PostgreSQL's row_to_json)
 *   {"@end":"users","rows":N}                     … for each table, parents before children
 *   {"@done":true,"tables":{"users":N,…}}         a file without it was cut off
 *
 * Rows are read in one REPEATABLE READ transaction: a consistent snapshot while the shop keeps serving.
 * Derived tables (counters kept by triggers) and short-lived ones (failed sign-ins, sign-in addresses) are
 * left out: the restore rebuilds the counters as it inserts.
 */
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/http-errors.ts';

export const BACKUP_FORMAT = 'emporium-backup';
export const BACKUP_VERSION = 1;

interface TableSpec {
  name: string;
  /** The primary key's columns: rows are read in its order, a batch at a time. */
  key: string[];
  /** Rows per batch (photo tables hold up to a megabyte a row). */
  batch: number;
}

/** Every table a backup holds, parents before children (the order a restore inserts them in). */
export const BACKUP_TABLES: TableSpec[] = [
  { name: 'app_settings', key: ['key'], batch: 500 },
  { name: 'users', key: ['id'], batch: 1000 },
  { name: 'categories', key: ['id'], batch: 1000 },
  { name: 'category_slug_history', key: ['slug'], batch: 1000 },
  { name: 'products', key: ['id'], batch: 1000 },
  { name: 'product_slug_history', key: ['slug'], batch: 1000 },
  { name: 'product_photos', key: ['id'], batch: 20 },
  { name: 'product_photo_variants', key: ['photo_id', 'width'], batch: 50 },
  { name: 'product_options', key: ['product_id', 'position'], batch: 1000 },
  { name: 'product_option_values', key: ['product_id', 'option_position', 'position'], batch: 1000 },
  // A restore replaces the one variant a trigger gives each restored product with these.
  { name: 'product_variants', key: ['id'], batch: 1000 },
  { name: 'product_variant_photos', key: ['variant_id', 'photo_id'], batch: 1000 },
  { name: 'product_facet_values', key: ['product_id', 'option', 'value'], batch: 1000 },
  { name: 'orders', key: ['id'], batch: 1000 },
  { name: 'order_items', key: ['id'], batch: 1000 },
  { name: 'order_tax_lines', key: ['order_id', 'tax_class'], batch: 1000 },
  { name: 'payments', key: ['id'], batch: 1000 },
  { name: 'payment_events', key: ['provider', 'event_id'], batch: 1000 },
  { name: 'refunds', key: ['id'], batch: 1000 },
  { name: 'mail_outbox', key: ['id'], batch: 500 },
  { name: 'password_reset_tokens', key: ['id'], batch: 1000 },
  { name: 'guest_claim_tokens', key: ['id'], batch: 1000 },
  { name: 'audit_log', key: ['id'], batch: 1000 },
  { name: 'shop_details', key: ['id'], batch: 10 },
  { name: 'home_banners', key: ['id'], batch: 20 },
  // Signed-out tokens: the signing secret travels with the backup, so they must stay refused after a move.
  { name: 'revoked_tokens', key: ['jti'], batch: 1000 },
  // Carts kept by the server (a guest's cookie keeps working after a move: only its hash is stored).
  { name: 'carts', key: ['id'], batch: 1000 },
  { name: 'cart_lines', key: ['id'], batch: 1000 },
  // Checkout's rules: discount codes and their uses (after the orders they name), shipping zones, rates, taxes.
  { name: 'discount_codes', key: ['id'], batch: 1000 },
  { name: 'discount_code_uses', key: ['id'], batch: 1000 },
  { name: 'shipping_zones', key: ['id'], batch: 1000 },
  { name: 'shipping_rates', key: ['id'], batch: 1000 },
  { name: 'tax_rates', key: ['zone_id', 'tax_class'], batch: 1000 },
];

/**
 * Tables a backup leaves out, on purpose: counters (and the search's vocabulary) the restore's triggers rebuild, failed sign-ins and the
 * addresses accounts signed in from (short-lived sign-in records: a restored shop starts them afresh), and
 * the undo of a status change (seconds long: a restored shop's changes are final).
 */
export const DERIVED_TABLES = ['catalogue_counters', 'catalogue_band_counts', 'catalogue_facet_counts', 'admin_order_counts', 'admin_product_counts', 'admin_product_stock', 'search_words', 'auth_failures', 'sign_in_addresses', 'order_status_undo'];

/** The columns a backup keeps and a restore writes: all but generated ones (the search vector). */
async function storedColumns(db: Db | Tx, table: string): Promise<string[]> {
  const result = await db.execute(sql`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`);
  return rowsOf<{ column_name: string }>(result).map((row) => row.column_name);
}

const ident = (name: string) => sql.identifier(name);
const list = (names: string[]) => sql.join(names.map(ident), sql`, `);

async function migrationCount(db: Db | Tx): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** Write text to a stream, waiting while its buffer is full (a slow disk or client holds the reader back). */
async function put(sink: Writable, text: string): Promise<void> {
  if (!sink.write(text)) await once(sink, 'drain');
}

export interface BackupSummary {
  tables: Record<string, number>;
}

/** The whole shop, as JSON lines, into `sink` (the caller gzips). `sink` is ended when done. */
export async function writeBackup(db: Db, engine: string, sink: Writable): Promise<BackupSummary> {
  const tables: Record<string, number> = {};
  await db.transaction(
    async (tx) => {
      await put(
        sink,
        `${JSON.stringify({ '@format': BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), engine, migrations: await migrationCount(tx) })}\n`,
      );
      for (const table of BACKUP_TABLES) {
        const columns = await storedColumns(tx, table.name);
        await put(sink, `${JSON.stringify({ '@table': table.name, columns })}\n`);
        let count = 0;
        let after: unknown[] | null = null;
        const selection = sql.join(
          columns.map((column) => sql`${ident(column)}`),
          sql`, `,
        );
        for (;;) {
          const where: ReturnType<typeof sql> | undefined = after
            ? sql`where (${list(table.key)}) > (${sql.join(after.map((value) => sql`${value}`), sql`, `)})`
            : undefined;
          const result: unknown = await tx.execute(sql`
            select row_to_json(r)::text as line, ${list(table.key)}
            from (select ${selection} from ${ident(table.name)} ${where ?? sql``}
                  order by ${list(table.key)} limit ${table.batch}) as r`);
          const rows: (Record<string, unknown> & { line: string })[] = rowsOf(result);
          for (const row of rows) await put(sink, `${row.line}\n`);
          count += rows.length;
          const last: Record<string, unknown> | undefined = rows.at(-1);
          if (!last || rows.length < table.batch) break;
          after = table.key.map((column) => last[column]);
        }
        tables[table.name] = count;
        await put(sink, `${JSON.stringify({ '@end': table.name, rows: count })}\n`);
      }
      await put(sink, `${JSON.stringify({ '@done': true, tables })}\n`);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  sink.end();
  await once(sink, 'finish');
  return { tables };
}

/** The rows of the shop that make a database "not empty" (a restore never mixes two shops). */
export async function isEmptyShop(db: Db | Tx): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from users) or exists (select 1 from categories)
        or exists (select 1 from products) or exists (select 1 from orders) as used`);
  return rowsOf<{ used: boolean }>(result)[0]?.used === false;
}

const BATCH_BYTES = 8 * 1024 * 1024;

/** The lines of a text stream (errors of the stream, a damaged gzip, reach the reader). */
async function* linesOf(stream: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of stream) {
    const text = rest + decoder.write(chunk as Buffer);
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    yield* parts;
  }
  rest += decoder.end();
  if (rest.length > 0) yield rest;
}

export interface Header {
  '@format': string;
  version: number;
  createdAt: string;
  engine: string;
  migrations: number;
}

function invalid(reason: string): Error {
  return badRequest(`file: not an Emporium backup, or a damaged one (${reason})`);
}

/**
 * Load a backup into an empty, migrated database, in one transaction: all of it or nothing. Identity
 * sequences continue after the restored ids. Columns a backup lacks (made by an older version) take
 * their defaults.
 */
export async function restoreBackup(
  db: Db,
  file: string,
  onRecord?: (tx: Tx, restored: BackupSummary & { header: Header }) => Promise<void>,
): Promise<BackupSummary & { header: Header }> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const lines = linesOf(gunzip);
  const known = new Set(BACKUP_TABLES.map((table) => table.name));
  const tables: Record<string, number> = {};
  let header: Header | undefined;
  let done = false;
  const targetMigrations = await migrationCount(db);
  try {
    await db.transaction(async (tx) => {
      if (!(await isEmptyShop(tx))) {
        throw badRequest('The database is not empty: restore only into a new database (a new DATA_DIR, or a new PostgreSQL database)');
      }
      // GIN indexes (search) are built once after the load, in bulk, instead of row by row (5x faster).
      const ginIndexes = rowsOf<{ name: string; definition: string }>(
        await tx.execute(sql`
          select c.relname as name, pg_get_indexdef(c.oid) as definition
          from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
          join pg_namespace n on n.oid = c.relnamespace
          where am.amname = 'gin' and n.nspname = 'public'`),
      );
      for (const index of ginIndexes) await tx.execute(sql`drop index ${ident(index.name)}`);
      let table: string | null = null;
      let columns: string[] = [];
      let batch: string[] = [];
      let batchBytes = 0;
      let count = 0;
      const flush = async () => {
        if (!table || batch.length === 0) return;
        await tx.execute(sql`
          insert into ${ident(table)} (${list(columns)}) overriding system value
          select ${list(columns)} from json_populate_recordset(null::${ident(table)}, ${`[${batch.join(',')}]`}::json)`);
        batch = [];
        batchBytes = 0;
      };
      for await (const line of lines) {
        if (line.length === 0) continue;
        if (!header) {
          const parsed = JSON.parse(line) as Header;
          if (parsed['@format'] !== BACKUP_FORMAT) throw invalid('it does not start with the backup header');
          if (parsed.version !== BACKUP_VERSION) throw invalid(`format version ${parsed.version}; this version reads ${BACKUP_VERSION}`);
          if (parsed.migrations > targetMigrations) {
            throw badRequest('file: made by a newer version of Emporium; update this one first, then restore');
          }
          header = parsed;
          continue;
        }
        if (done) throw invalid('lines after its end');
        if (line.startsWith('{"@')) {
          const marker = JSON.parse(line) as { '@table'?: string; columns?: string[]; '@end'?: string; rows?: number; '@done'?: boolean };
          if (marker['@table'] !== undefined) {
            if (!known.has(marker['@table'])) throw invalid(`unknown table ${marker['@table'].slice(0, 60)}`);
            table = marker['@table'];
            // The target's own settings (a signing secret made at its first start) give way to the shop's.
            if (table === 'app_settings') await tx.execute(sql`delete from app_settings`);
            // Each restored product was given one variant by a trigger: the backup's variants replace them.
            if (table === 'product_variants') await tx.execute(sql`delete from product_variants`);
            const current = new Set(await storedColumns(tx, table));
            columns = (marker.columns ?? []).filter((column) => current.has(column));
            count = 0;
          } else if (marker['@end'] !== undefined) {
            if (marker['@end'] !== table || marker.rows !== count) throw invalid(`table ${String(marker['@end']).slice(0, 60)} is incomplete`);
            await flush();
            tables[table] = count;
            table = null;
          } else if (marker['@done'] === true) {
            done = true;
          } else {
            throw invalid('an unknown line');
          }
          continue;
        }
        if (!table) throw invalid('a row outside a table');
        batch.push(line);
        batchBytes += line.length;
        count++;
        if (batch.length >= 1000 || batchBytes >= BATCH_BYTES) await flush();
      }
      if (!header) throw invalid('it is empty');
      if (!done) throw invalid('it was cut off before its end');
      for (const index of ginIndexes) await tx.execute(sql.raw(index.definition));
      // Ids continue after the restored ones.
      for (const name of Object.keys(tables)) {
        const identity = rowsOf<{ column_name: string }>(
          await tx.execute(sql`
            select column_name from information_schema.columns
            where table_schema = 'public' and table_name = ${name} and is_identity = 'YES'`),
        );
        for (const { column_name: column } of identity) {
          await tx.execute(sql`
            select setval(pg_get_serial_sequence(${name}, ${column}), coalesce((select max(${ident(column)}) from ${ident(name)}), 0) + 1, false)`);
        }
      }
      await onRecord?.(tx, { tables, header: header as Header });
    });
  } catch (error) {
    if (error instanceof SyntaxError) throw invalid('a line that is not JSON');
    const code = (error as { code?: string }).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') throw invalid('not a gzip file');
    throw error;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  return { tables, header: header as Header };
}
