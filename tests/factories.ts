import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { ADMIN_ROLE, USER_ROLE } from '../src/contract/user.ts';
import { toCents } from '../src/domain/money.ts';
import { slugify } from '../src/domain/slug.ts';
import type { Db } from '../src/server/db/client.ts';
import { categories, productPhotos, products } from '../src/server/db/schema.ts';
import { photoEtag } from '../src/server/lib/image.ts';
import { hashSecret, normalizeAnswer } from '../src/server/lib/secret-hash.ts';
import { createTokens, resolveJwtSecret } from '../src/server/modules/auth/tokens.ts';
import { insertUser } from '../src/server/modules/user/repo.ts';

const unique = () => randomBytes(4).toString('hex');

export interface MadeUser {
  id: number;
  name: string;
  email: string;
  password: string;
  answer: string;
  token: string;
}

/** A user (or admin) straight in the database, with a valid token. */
export async function makeUser(
  db: Db,
  options: { role?: number; name?: string; email?: string; password?: string; answer?: string } = {},
): Promise<MadeUser> {
  const password = options.password ?? `pw-${unique()}`;
  const answer = options.answer ?? 'Football';
  const row = await insertUser(db, {
    name: options.name ?? `Shopper ${unique()}`,
    email: options.email ?? `user-${unique()}@example.com`,
    passwordHash: await hashSecret(password),
    answerHash: await hashSecret(normalizeAnswer(answer)),
    phone: '555-0100',
    address: '1 Market Street',
    role: options.role ?? USER_ROLE,
  });
  const tokens = createTokens(await resolveJwtSecret(db, undefined), '1h');
  const token = await tokens.sign({ userId: row.id, sessionVersion: row.sessionVersion });
  return { id: row.id, name: row.name, email: row.email, password, answer, token };
}

/** Many plain accounts at once, sharing one password hash (hashing is slow on purpose): for tests that only need addresses. */
export async function makeAccounts(db: Db, emails: string[]): Promise<{ id: number; email: string }[]> {
  const [passwordHash, answerHash] = await Promise.all([hashSecret(`pw-${unique()}`), hashSecret(normalizeAnswer('Football'))]);
  const rows = [];
  for (const email of emails) {
    const row = await insertUser(db, { name: `Shopper ${unique()}`, email, passwordHash, answerHash, phone: '555-0100', address: '1 Market Street', role: USER_ROLE });
    rows.push({ id: row.id, email: row.email });
  }
  return rows;
}

export const makeAdmin = (db: Db, options: Parameters<typeof makeUser>[1] = {}) =>
  makeUser(db, { ...options, role: ADMIN_ROLE });

export async function makeCategory(db: Db, name = `Category ${unique()}`) {
  const [row] = await db
    .insert(categories)
    .values({ name, slug: slugify(name) })
    .returning();
  if (!row) throw new Error('no category');
  return row;
}

export interface ProductOptions {
  categoryId: number;
  name?: string;
  description?: string;
  price?: number;
  quantity?: number;
  shipping?: boolean;
  draft?: boolean;
  createdAt?: Date;
  photo?: Buffer;
}

export async function makeProduct(db: Db, options: ProductOptions) {
  const name = options.name ?? `Product ${unique()}`;
  const [row] = await db
    .insert(products)
    .values({
      name,
      slug: `${slugify(name)}-${unique()}`,
      description: options.description ?? 'A plain test product with a plain description.',
      priceCents: toCents(options.price ?? 10),
      quantity: options.quantity ?? 10,
      shipping: options.shipping ?? false,
      draft: options.draft ?? false,
      categoryId: options.categoryId,
      hasPhoto: Boolean(options.photo),
      ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('no product');
  if (options.photo) {
    await db
      .insert(productPhotos)
      .values({ productId: row.id, contentType: 'image/png', data: options.photo, etag: photoEtag(options.photo) });
  }
  return row;
}

/** A real PNG of the given colour. */
export function pngImage(color = '#3366ff', size = 32): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A multipart body (as a browser would send it) for inject. */
export async function multipart(
  fields: Record<string, string>,
  file?: { field: string; data: Buffer; filename: string; type: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return { payload, headers: { 'content-type': response.headers.get('content-type') ?? '' } };
}
