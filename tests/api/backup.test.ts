import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { dirname, join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { auditLog, orders, products } from '../../src/server/db/schema.ts';
import { testEnv } from '../../src/server/env.ts';
import { BACKUP_TABLES, DERIVED_TABLES, restoreBackup, writeBackup } from '../../src/server/modules/backup/archive.ts';
import { backupToFile, createBackupService } from '../../src/server/modules/backup/service.ts';
import { type MadeUser, makeAdmin, makeCategory, makeUser, multipart, pngImage } from '../factories.ts';
import { outboxSettled, snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, NO_ORDER_LIMITS } from '../setup/test-app.ts';
import { freshDatabase, type TestDatabase } from '../setup/test-app.ts';
import { waitFor } from '../setup/wait-for.ts';

// Runs in the PostgreSQL project only (vitest.config.ts): it moves a shop between the two engines.
interface Shop {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-backup-test-'));
  folders.push(dir);
  return dir;
};

async function shopOn(database: Database, drop: () => Promise<void>, overrides: Record<string, string> = {}): Promise<Shop> {
  const app = await buildApp({ env: testEnv({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', DATA_DIR: folder(), ...overrides }), database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

async function pgliteDatabase(): Promise<TestDatabase> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  return { database, drop: () => database.close() };
}

async function pgliteShop(overrides: Record<string, string> = {}): Promise<Shop> {
  const { database, drop } = await pgliteDatabase();
  return shopOn(database, drop, overrides);
}

async function postgresShop(overrides: Record<string, string> = {}): Promise<Shop & { fresh: TestDatabase }> {
  const fresh = await freshDatabase();
  return { ...(await shopOn(fresh.database, fresh.drop, overrides)), fresh };
}

/** A backup restored into a new database, and the shop started on it (as `npm run restore`, then `npm start`). */
async function restoredShop(file: string, into: TestDatabase) {
  const restored = await restoreBackup(into.database.db, file);
  return { restored, shop: await shopOn(into.database, into.drop) };
}

interface People {
  admin: MadeUser;
  buyers: MadeUser[];
}

/** A shop with everything a backup must carry: photos, renamed slugs, orders with history, mails, resets. */
async function fill(shop: Shop): Promise<People> {
  const { db } = shop.database;
  const admin = await makeAdmin(db, { name: 'Olive Owner', password: 'owner-password-1' });
  const buyers = [
    await makeUser(db, { name: 'Bea Buyer', password: 'bea-password-1' }),
    await makeUser(db, { name: 'Ünal Ümlaut', password: 'unal-password-1' }),
  ];
  const lamps = await makeCategory(db, 'Lamps');
  const mugs = await makeCategory(db, 'Mugs & Cups');
  const create = async (fields: Record<string, string>, colour?: string) => {
    const form = await multipart(
      fields,
      colour ? { field: 'photo', data: await pngImage(colour, 64), filename: 'p.png', type: 'image/png' } : undefined,
    );
    const res = await call(shop.app, 'POST', '/api/v1/product/create-product', { token: admin.token, headers: form.headers, body: form.payload });
    expect(res.statusCode).toBe(201);
    return res.json().product as { _id: string; slug: string };
  };
  const made = [];
  for (let n = 0; n < 14; n++) {
    made.push(
      await create(
        {
          name: n % 2 ? `Brass Lamp ${n}` : `Stoneware Mug ${n}`,
          description: `Line one of ${n}.\nLine two, "quoted", ünïcödé.`,
          price: String(5 + n * 7.25),
          quantity: String(n),
          category: String(n % 2 ? lamps.id : mugs.id),
          shipping: n % 3 ? '1' : '0',
        },
        n < 4 ? ['#aa3311', '#11aa33', '#3311aa', '#999999'][n] : undefined,
      ),
    );
  }
  // A rename: the old slug keeps resolving.
  const renamed = made[1] as { _id: string; slug: string };
  const form = await multipart({ name: 'Brass Desk Lamp', description: 'Renamed.', price: '40', quantity: '3', category: String(lamps.id) });
  expect((await call(shop.app, 'PUT', `/api/v1/product/update-product/${renamed._id}`, { token: admin.token, headers: form.headers, body: form.payload })).statusCode).toBe(200);
  // Orders, one of them moved along (history), and mails in the outbox.
  for (const [index, buyer] of buyers.entries()) {
    const cart = made.slice(2 + index, 5 + index).map((product) => ({ _id: product._id }));
    const placed = await call(shop.app, 'POST', '/api/v1/auth/orders', { token: buyer.token, body: { cart } });
    expect(placed.statusCode).toBe(201);
    if (index === 0) {
      const orderId = placed.json().order._id;
      await call(shop.app, 'PUT', `/api/v1/auth/order-status/${orderId}`, { token: admin.token, body: { status: 'Shipped' } });
    }
  }
  await call(shop.app, 'POST', '/api/v1/auth/reset-link', { body: { email: buyers[0]?.email } });
  await outboxSettled(db);
  return { admin, buyers };
}

/** What the shop answers: the catalogue, every product and photo, sign-ins, orders, the audit log. */
async function answers(shop: Shop, people: People): Promise<Record<string, unknown>> {
  const get = async (url: string, token?: string) => {
    const res = await call(shop.app, 'GET', url, { token });
    return { status: res.statusCode, body: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.rawPayload.toString('base64') };
  };
  const out: Record<string, unknown> = {};
  const list = await get('/api/v1/product/get-product?page=1');
  out.list = list;
  out.page1 = await get('/api/v1/product/product-list/1');
  out.count = await get('/api/v1/product/product-count');
  out.categories = await get('/api/v1/category/get-category');
  out.search = await get('/api/v1/product/search/lamp');
  out.substring = await get('/api/v1/product/search/ware');
  const filters = await call(shop.app, 'POST', '/api/v1/product/product-filters', { body: { checked: [], radio: [20, 39.99], page: 1 } });
  out.filters = filters.json();
  for (const category of (out.categories as { body: { category: { slug: string }[] } }).body.category) {
    out[`category ${category.slug}`] = await get(`/api/v1/product/product-category/${category.slug}?page=1`);
  }
  for (const product of (list.body as { products: { _id: string; slug: string; hasPhoto: boolean; category: { _id: string } }[] }).products) {
    out[`product ${product.slug}`] = await get(`/api/v1/product/get-product/${product.slug}`);
    out[`related ${product.slug}`] = await get(`/api/v1/product/related-product/${product._id}/${product.category._id}`);
    if (product.hasPhoto) {
      out[`photo ${product._id}`] = await get(`/api/v1/product/product-photo/${product._id}`);
      out[`photo 320 ${product._id}`] = await get(`/api/v1/product/product-photo/${product._id}?w=320`);
    }
  }
  out.oldSlug = (await call(shop.app, 'GET', '/api/v1/product/get-product/brass-lamp-1')).statusCode;
  for (const person of [people.admin, ...people.buyers]) {
    const login = await call(shop.app, 'POST', '/api/v1/auth/login', { body: { email: person.email, password: person.password } });
    out[`login ${person.email}`] = { status: login.statusCode, user: login.json().user };
    const token = login.json().token as string;
    out[`orders ${person.email}`] = await get('/api/v1/auth/orders', token);
    // A session started before the move still works after it (the signing secret moved with the shop).
    out[`old session ${person.email}`] = (await get('/api/v1/auth/user-auth', person.token)).status;
  }
  out.allOrders = await get('/api/v1/auth/all-orders', people.admin.token);
  out.mails = await get('/api/v1/auth/mails', people.admin.token);
  const auditAnswer = await get('/api/v1/admin/audit?page=1', people.admin.token);
  if (auditAnswer.status !== 200) throw new Error(JSON.stringify(auditAnswer));
  const audit = auditAnswer.body as { entries: { action: string }[] };
  out.audit = audit.entries.filter((entry) => entry.action !== 'restore' && entry.action !== 'backup.download');
  return out;
}

describe('whole-shop backup and restore, across engines', () => {
  let source: Shop;
  let people: People;
  let before: Record<string, unknown>;

  beforeAll(async () => {
    source = await pgliteShop();
    people = await fill(source);
    before = await answers(source, people);
  });
  afterAll(async () => {
    await source.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('holds every table of the schema, or leaves it out on purpose', async () => {
    const result = (await source.database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { name: string }[] };
    const covered = [...BACKUP_TABLES.map((table) => table.name), ...DERIVED_TABLES].sort();
    expect(result.rows.map((row) => row.name).sort()).toEqual(covered);
  });

  it('moves a shop from the embedded database to PostgreSQL and back, and every answer stays the same', async () => {
    const file = join(folder(), 'shop.jsonl.gz');
    const written = await backupToFile(source.database.db, 'pglite', file);
    // The shop's whole data, readable by its own user only (whatever the umask: 022 in the tests).
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(written.tables).toMatchObject({ users: 3, categories: 2, products: 14, product_photos: 4, orders: 2 });
    expect(written.tables.product_slug_history).toBe(1);
    // Two order confirmations, one status change, one reset link.
    expect(written.tables.mail_outbox).toBe(4);
    expect(written.tables.password_reset_tokens).toBe(1);
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trim().split('\n');
    expect(JSON.parse(lines[0] as string)).toMatchObject({ '@format': 'emporium-backup', version: 1, engine: 'pglite' });
    expect(JSON.parse(lines.at(-1) as string)).toMatchObject({ '@done': true });

    const { restored, shop: target } = await restoredShop(file, await freshDatabase());
    try {
      expect(restored.tables).toEqual(written.tables);
      expect(await answers(target, people)).toEqual(before);

      // New rows continue after the restored ids.
      const lamp = (before.list as { body: { products: { _id: string }[] } }).body.products[0] as { _id: string };
      const order = await call(target.app, 'POST', '/api/v1/auth/orders', { token: people.buyers[1]?.token, body: { cart: [{ _id: lamp._id }] } });
      expect(order.statusCode).toBe(201);
      const category = await call(target.app, 'POST', '/api/v1/category/create-category', { token: people.admin.token, body: { name: 'After The Move' } });
      expect(category.statusCode).toBe(201);

      // And back: PostgreSQL to a new embedded database.
      await outboxSettled(target.database.db);
      const second = join(folder(), 'back.jsonl.gz');
      await backupToFile(target.database.db, 'postgres', second);
      const { shop: home } = await restoredShop(second, await pgliteDatabase());
      try {
        const now = await answers(target, people);
        expect(await answers(home, people)).toEqual(now);
        expect((now.allOrders as { body: unknown[] }).body).toHaveLength(3);
      } finally {
        await home.close();
      }
    } finally {
      await target.close();
    }
  });

  it('takes a consistent snapshot while orders are being placed', async () => {
    const shop = await postgresShop(NO_ORDER_LIMITS);
    try {
      const filled = await fill(shop);
      // The product with the most in stock (13): twelve orders of one each all succeed.
      const [product] = await shop.database.db.select().from(products).orderBy(desc(products.quantity)).limit(1);
      if (!product) throw new Error('no product');
      expect(product.quantity).toBeGreaterThanOrEqual(12);
      const ordersBefore = await shop.database.db.$count(orders);
      // The backup is held when it reaches the orders table (its snapshot taken, the products written): the
      // orders are placed and committed then, for certain during the backup, and it goes on after.
      const lines: Buffer[] = [];
      let reachedOrders!: () => void;
      const atOrders = new Promise<void>((resolve) => (reachedOrders = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const sink = new Writable({
        highWaterMark: 1,
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk);
          if (!chunk.toString().includes('"@table":"orders"')) return done();
          reachedOrders();
          void released.then(() => done());
        },
      });
      const backup = writeBackup(shop.database.db, 'postgres', sink);
      await atOrders;
      const placed = await Promise.all(
        Array.from({ length: 12 }, () => call(shop.app, 'POST', '/api/v1/auth/orders', { token: filled.buyers[0]?.token, body: { cart: [{ _id: String(product.id) }] } })),
      );
      expect(placed.map((res) => res.statusCode)).toEqual(Array(12).fill(201));
      release();
      const summary = await backup;
      // The file holds the shop as it was when the backup began: none of the orders placed during it.
      expect(summary.tables.orders).toBe(ordersBefore);
      expect(await shop.database.db.$count(orders)).toBe(ordersBefore + 12);
      // Every order line in the file has its order (restore checks each reference), and the counts agree.
      const file = join(folder(), 'busy.jsonl.gz');
      writeFileSync(file, gzipSync(Buffer.concat(lines)));
      const copy = await pgliteShop();
      try {
        const restored = await restoreBackup(copy.database.db, file);
        expect(restored.tables).toEqual(summary.tables);
        const stock = (await call(copy.app, 'GET', `/api/v1/product/get-product/${product.slug}`)).json().product.quantity;
        expect(stock).toBe(product.quantity);
      } finally {
        await copy.close();
      }
    } finally {
      await shop.close();
    }
  });

  it('restores only into an empty database, and refuses a damaged or foreign file changing nothing', async () => {
    const file = join(folder(), 'shop.jsonl.gz');
    await backupToFile(source.database.db, 'pglite', file);
    const unchanged = await snapshotDatabase(source.database.db);
    await expect(restoreBackup(source.database.db, file)).rejects.toThrow(/The database is not empty/);
    expect(await snapshotDatabase(source.database.db)).toEqual(unchanged);

    const target = await pgliteShop();
    try {
      const empty = await snapshotDatabase(target.database.db);
      const text = gunzipSync(readFileSync(file)).toString('utf8');
      const cut = join(folder(), 'cut.jsonl.gz');
      writeFileSync(cut, gzipSync(text.split('\n').slice(0, -40).join('\n')));
      await expect(restoreBackup(target.database.db, cut)).rejects.toThrow(/damaged/);
      const garbage = join(folder(), 'garbage.gz');
      writeFileSync(garbage, 'this is not a backup at all');
      await expect(restoreBackup(target.database.db, garbage)).rejects.toThrow(/not an Emporium backup/);
      const foreign = join(folder(), 'foreign.jsonl.gz');
      writeFileSync(foreign, gzipSync('{"hello":"world"}\n'));
      await expect(restoreBackup(target.database.db, foreign)).rejects.toThrow(/backup header/);
      const newer = join(folder(), 'newer.jsonl.gz');
      writeFileSync(newer, gzipSync(text.replace(/"migrations":\d+/, '"migrations":9999')));
      await expect(restoreBackup(target.database.db, newer)).rejects.toThrow(/newer version of Emporium/);
      const broken = join(folder(), 'broken.jsonl.gz');
      writeFileSync(broken, gzipSync(text.replace(/\n\{"id":/, '\n{"id":"not a number",')));
      await expect(restoreBackup(target.database.db, broken)).rejects.toThrow();
      expect(await snapshotDatabase(target.database.db)).toEqual(empty);
    } finally {
      await target.close();
    }
  });

  it('lets an administrator download a backup (and records it), and nobody else', async () => {
    const guest = await call(source.app, 'GET', '/api/v1/admin/backup');
    expect(guest.statusCode).toBe(401);
    expect((await call(source.app, 'GET', '/api/v1/admin/backup', { token: people.buyers[0]?.token })).statusCode).toBe(403);
    const res = await call(source.app, 'GET', '/api/v1/admin/backup', { token: people.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="emporium-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.jsonl\.gz"$/);
    const lines = gunzipSync(res.rawPayload).toString('utf8').trim().split('\n');
    expect(JSON.parse(lines.at(-1) as string)['@done']).toBe(true);
    const [entry] = await source.database.db.select().from(auditLog).where(eq(auditLog.action, 'backup.download'));
    expect(entry).toMatchObject({ actorName: 'Olive Owner', entity: 'backup' });
    const fileName = /filename="(.+)"/.exec(String(res.headers['content-disposition']))?.[1];
    expect(entry?.after).toMatchObject({ file: fileName, rows: { products: 14, orders: 2 } });
  });

  it('makes one download at a time, and removes its temporary file once sent or failed', async () => {
    const service = createBackupService(source.database.db, 'pglite');
    const actor = { id: people.admin.id, name: 'Olive Owner', address: null };
    const first = service.download(actor);
    await expect(service.download(actor)).rejects.toMatchObject({ statusCode: 409, message: 'A backup is being made; try again when it is done' });
    const { file } = await first;
    const dir = dirname(String(file.path));
    expect(dirname(dir)).toBe(tmpdir());
    expect(readdirSync(dir)).toHaveLength(1);
    expect(gunzipSync(await buffer(file)).toString('utf8')).toContain('"@done":true');
    await waitFor(() => !existsSync(dir), { what: 'the temporary folder removed once the file was read' });
    // A failed backup (its database gone) frees the turn too, with its own error.
    const gone = await openDatabase({ dataDir: 'memory://' });
    await gone.close();
    const failing = createBackupService(gone.db, 'pglite');
    for (let n = 0; n < 2; n++) await expect(failing.download(actor)).rejects.toThrow(/PGlite is closed/);
    const next = await service.download(actor);
    next.file.destroy();
    await waitFor(() => !existsSync(dirname(String(next.file.path))), { what: 'the next temporary folder removed' });
  });

  it('leaves no file behind when a backup fails, and names what failed', async () => {
    const dir = folder();
    // A folder that does not exist: the error is the file's (not the clean-up's).
    await expect(backupToFile(source.database.db, 'pglite', join(dir, 'missing', 'shop.jsonl.gz'))).rejects.toMatchObject({ code: 'ENOENT', syscall: 'open' });
    // A database that fails: the half-written file is closed and removed.
    const gone = await openDatabase({ dataDir: 'memory://' });
    await gone.close();
    await expect(backupToFile(gone.db, 'pglite', join(dir, 'shop.jsonl.gz'))).rejects.toThrow(/PGlite is closed/);
    expect(readdirSync(dir)).toEqual([]);
  });
  // Scheduled backups (one process making each turn): backup-schedule.test.ts, on both engines.
});
