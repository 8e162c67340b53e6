import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * A zone of the e2e shop, set up through the owner's API (made once for the run): An Post 6.00, Courier
 * 12.00, standard tax 23%. A 50.00 product there costs 68.88 by An Post, 76.26 by Courier, and 70.11 by
 * Courier with 10% off the goods. Each spec takes its own country: specs run side by side, and two zones
 * of one country made at once would be two zones for it.
 */
export async function deliveryZone(request: APIRequestContext, token: string, name: string, country: string): Promise<void> {
  const headers = { authorization: token };
  const list = await request.get('/api/v1/admin/shipping', { headers });
  expect(list.status(), await list.text()).toBe(200);
  if ((await list.json()).zones.some((zone: { name: string }) => zone.name === name)) return;
  const made = await request.post('/api/v1/admin/shipping/zones', { headers, data: { name, countries: [country], taxes: { standard: 23 } } });
  expect(made.status(), await made.text()).toBe(201);
  const zone = (await made.json()).zones.find((item: { name: string }) => item.name === name);
  for (const rate of [
    { name: 'An Post', kind: 'flat', amount: 6 },
    { name: 'Courier', kind: 'flat', amount: 12 },
  ]) {
    const added = await request.post(`/api/v1/admin/shipping/zones/${zone._id}/rates`, { headers, data: rate });
    expect(added.status(), await added.text()).toBe(201);
  }
}

/** A 10% discount code, made through the owner's API. */
export async function tenPercentCode(request: APIRequestContext, token: string, code: string): Promise<void> {
  const made = await request.post('/api/v1/admin/discount-codes', { headers: { authorization: token }, data: { code, kind: 'percent', value: 10 } });
  expect(made.status(), await made.text()).toBe(201);
}
