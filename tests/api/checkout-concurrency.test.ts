import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../src/server/db/schema.ts';
import { makeCategory, makeProduct, makeUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

describe('concurrent checkouts over real HTTP', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('30 simultaneous checkouts of a product with 10 in stock leave exactly 10 orders and stock 0', async () => {
    const { db } = t.database;
    const category = await makeCategory(db);
    const product = await makeProduct(db, { categoryId: category.id, quantity: 10, price: 25 });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => makeUser(db)));

    const answers = await Promise.all(
      buyers.map((buyer) =>
        fetch(`${baseUrl}/api/v1/auth/orders`, {
          method: 'POST',
          headers: { authorization: buyer.token, 'content-type': 'application/json' },
          body: JSON.stringify({ cart: [{ _id: String(product.id) }] }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);

    const [stock] = await db.select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id));
    expect(stock?.quantity).toBe(0);
    const placed = await db.select({ id: orders.id }).from(orders);
    expect(placed).toHaveLength(10);
  });
});
