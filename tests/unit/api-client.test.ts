import { describe, expect, it } from 'vitest';
import { api, callPath } from '../../src/web/lib/api-client.ts';

/**
 * Never run: each line marked @ts-expect-error must fail to compile, or the type-check (`npm run
 * typecheck`, which covers tests/) fails. A call is named from the table, with the table's input shape.
 */
export function refusedAtCompileTime() {
  // @ts-expect-error a call that is not in the table
  void api.call('productListing', { params: { page: 1 } });
  // @ts-expect-error a path is not a call
  void api.call('/product/product-count');
  // @ts-expect-error product-filters takes a body, not a query
  void api.call('productFilters', { query: { page: 1 } });
  // @ts-expect-error category ids travel as strings
  void api.call('productFilters', { body: { checked: [1] } });
  // @ts-expect-error get-product needs its slug
  void api.call('getProduct');
  // @ts-expect-error product-count takes no input
  void api.call('productCount', { body: {} });
  // @ts-expect-error a file (the catalogue CSV) is downloaded, not read as JSON
  void api.call('productsCsv');
  // @ts-expect-error create-product sends a multipart form
  void api.call('createProduct', { body: { name: 'x' } });
  // @ts-expect-error the answer is the table's: product-count answers `total`
  void api.call('productCount').then((answer) => answer.count);
  const total: Promise<number> = api.call('productCount').then((answer) => answer.total);
  return total;
}

describe('the path of a call', () => {
  it('comes from the table, its parameters encoded and its query written without empty parts', () => {
    expect(callPath('productCount')).toBe('/product/product-count');
    expect(callPath('search', { params: { keyword: 'blue shoes/½' }, query: { page: 2 } })).toBe(
      '/product/search/blue%20shoes%2F%C2%BD?page=2',
    );
    expect(callPath('mails', { query: { page: 1, status: undefined } })).toBe('/auth/mails?page=1');
    expect(callPath('ordersCsv', { query: { from: '2026-01-01', to: '' } })).toBe('/admin/orders.csv?from=2026-01-01');
    expect(callPath('resendMail', { params: { mailId: '7' } })).toBe('/auth/mails/7/resend');
  });
});
