import { describe, expect, it } from 'vitest';
import { loginBody } from '../../src/contract/auth.ts';
import { PRODUCT_PAGE_SIZE } from '../../src/contract/limits.ts';
import { type Product, productFields } from '../../src/contract/product.ts';
import { PRODUCT_FORM_FIELDS } from '../../src/web/admin/components/product-form.tsx';
import { checkWithSchema } from '../../src/web/components/ui/schema-form.tsx';
import { REDIRECT_SECONDS, redirectMessage, tick } from '../../src/web/features/auth/components/countdown.ts';
import { nextSlide, previousSlide } from '../../src/web/features/home/components/carousel.tsx';
import { groupOrderProducts } from '../../src/web/features/orders/components/orders-table.tsx';
import { nextPageParam, type ProductPage } from '../../src/web/features/products/api/product-pages.ts';
import { timeSince } from '../../src/web/lib/time-since.ts';
import { parseSession } from '../../src/web/stores/auth-store.ts';
import { addToCart, cartTotal, parseCart, removeFromCart, unitsInCart } from '../../src/web/stores/cart-store.ts';

const product = (id: string, price = 10): Product => ({
  _id: id,
  name: `Product ${id}`,
  slug: `product-${id}`,
  description: 'A fine thing',
  price,
  quantity: 5,
  shipping: true,
  category: { _id: '1', name: 'Things', slug: 'things' },
  hasPhoto: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
});

describe('cart store transitions', () => {
  it('addToCart appends, keeping duplicates, without changing the old cart', () => {
    const a = product('1');
    const empty: Product[] = [];
    const once = addToCart(empty, a);
    const twice = addToCart(once, a);
    expect(empty).toEqual([]);
    expect(once.map((entry) => entry._id)).toEqual(['1']);
    expect(twice.map((entry) => entry._id)).toEqual(['1', '1']);
  });

  it('removeFromCart removes only the first entry with the matching _id', () => {
    const a = product('1', 1);
    const b = product('2', 2);
    const aAgain = { ...product('1', 1), name: 'second copy' };
    const cart = [a, b, aAgain];
    const next = removeFromCart(cart, '1');
    expect(next).toEqual([b, aAgain]);
    expect(cart).toHaveLength(3);
  });

  it('removeFromCart leaves the cart as it is when nothing matches', () => {
    const cart = [product('1')];
    expect(removeFromCart(cart, '9')).toBe(cart);
    expect(removeFromCart([], '1')).toEqual([]);
  });

  it('cartTotal sums in cents, without float drift', () => {
    expect(cartTotal([])).toBe(0);
    expect(cartTotal([product('1', 0.1), product('2', 0.2)])).toBe(0.3);
    expect(cartTotal([product('1', 19.99), product('1', 19.99), product('1', 19.99)])).toBe(59.97);
    const many = Array.from({ length: 10 }, (_, index) => product(String(index), 0.1));
    expect(cartTotal(many)).toBe(1);
  });

  it('parseCart keeps product entries and drops malformed ones', () => {
    const a = product('1');
    expect(parseCart([a, null, 42, 'x', {}, { _id: 7 }, { name: 'no id' }, a])).toEqual([a, a]);
    expect(parseCart(null)).toEqual([]);
    expect(parseCart({ _id: '1' })).toEqual([]);
    expect(parseCart('[]')).toEqual([]);
  });

  it('holds variants: each its own price, counted and removed per variant; a malformed variant is dropped', () => {
    const tee = product('1', 10);
    const mBlue = { _id: '7', title: 'M / Blue', price: 12.5, photo: { _id: '3', version: 'a' } };
    const lRed = { _id: '8', title: 'L / Red', price: 15, photo: null };
    const cart = addToCart(addToCart(addToCart(addToCart([], tee, mBlue), tee, lRed), tee, mBlue), tee);
    expect(cart[0]).toEqual({ ...tee, variant: mBlue });
    expect(cartTotal(cart)).toBe(50);
    expect([unitsInCart(cart, '1', '7'), unitsInCart(cart, '1', '8'), unitsInCart(cart, '1')]).toEqual([2, 1, 1]);
    expect(removeFromCart(cart, '1', '8').map((entry) => entry.variant?._id)).toEqual(['7', '7', undefined]);
    expect(removeFromCart(cart, '1').map((entry) => entry.variant?._id)).toEqual(['7', '8', '7']);
    expect(parseCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
    expect(parseCart([{ ...tee, variant: { _id: 7, title: 'M' } }])).toEqual([tee]);
  });
});

describe('parseSession', () => {
  const user = {
    _id: '1',
    name: 'Ada',
    email: 'ada@example.com',
    phone: '555',
    address: '1 Street',
    role: 0,
    createdAt: '2024-01-01T00:00:00.000Z',
  };

  it('restores a stored {user, token}', () => {
    expect(parseSession({ user, token: 'abc' })).toEqual({ user, token: 'abc' });
  });

  it('drops anything that is not a whole session', () => {
    expect(parseSession(null)).toBeNull();
    expect(parseSession('token')).toBeNull();
    expect(parseSession({ user })).toBeNull();
    expect(parseSession({ user, token: '' })).toBeNull();
    expect(parseSession({ user, token: 42 })).toBeNull();
    expect(parseSession({ token: 'abc' })).toBeNull();
    expect(parseSession({ user: 'Ada', token: 'abc' })).toBeNull();
  });
});

describe('guard countdown', () => {
  it('counts down from 3', () => {
    expect(REDIRECT_SECONDS).toBe(3);
  });

  it('ticks one second at a time and never below zero', () => {
    expect(tick(3)).toBe(2);
    expect(tick(2)).toBe(1);
    expect(tick(1)).toBe(0);
    expect(tick(0)).toBe(0);
  });

  it('says seconds, and second for one', () => {
    expect(redirectMessage(3)).toBe('Redirecting you in 3 seconds');
    expect(redirectMessage(2)).toBe('Redirecting you in 2 seconds');
    expect(redirectMessage(1)).toBe('Redirecting you in 1 second');
    expect(redirectMessage(0)).toBe('Redirecting you in 0 seconds');
  });
});

describe('nextPageParam (Load more)', () => {
  const page = (count: number, total: number | null): ProductPage => ({
    products: Array.from({ length: count }, (_, index) => product(String(index))),
    total,
  });

  it('asks for the next page while fewer products are loaded than the total', () => {
    const first = page(PRODUCT_PAGE_SIZE, 30);
    expect(nextPageParam(first, [first], 1)).toBe(2);
    const second = page(PRODUCT_PAGE_SIZE, 30);
    expect(nextPageParam(second, [first, second], 2)).toBe(3);
  });

  it('stops once everything is loaded', () => {
    const first = page(PRODUCT_PAGE_SIZE, 30);
    const second = page(PRODUCT_PAGE_SIZE, 30);
    const third = page(6, 30);
    expect(nextPageParam(third, [first, second, third], 3)).toBeUndefined();
    const only = page(PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE);
    expect(nextPageParam(only, [only], 1)).toBeUndefined();
  });

  it('stops on an empty page even if the total says more', () => {
    const first = page(PRODUCT_PAGE_SIZE, 30);
    const empty = page(0, 30);
    expect(nextPageParam(empty, [first, empty], 2)).toBeUndefined();
  });

  it('without a total, goes on while pages are full', () => {
    const full = page(PRODUCT_PAGE_SIZE, null);
    expect(nextPageParam(full, [full], 1)).toBe(2);
    const partial = page(3, null);
    expect(nextPageParam(partial, [full, partial], 2)).toBeUndefined();
  });
});

describe('carousel', () => {
  it('moves forward and wraps from the last slide to the first', () => {
    expect(nextSlide(0, 4)).toBe(1);
    expect(nextSlide(2, 4)).toBe(3);
    expect(nextSlide(3, 4)).toBe(0);
  });

  it('moves back and wraps from the first slide to the last', () => {
    expect(previousSlide(3, 4)).toBe(2);
    expect(previousSlide(1, 4)).toBe(0);
    expect(previousSlide(0, 4)).toBe(3);
  });
});

describe('timeSince', () => {
  const now = new Date('2024-05-10T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('says now for under a minute', () => {
    expect(timeSince(now.toISOString(), now)).toBe('now');
    expect(timeSince(ago(30), now)).toBe('now');
  });

  it('uses the largest whole unit', () => {
    expect(timeSince(ago(60), now)).toBe('1 minute ago');
    expect(timeSince(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(timeSince(ago(2 * 3600), now)).toBe('2 hours ago');
    expect(timeSince(ago(24 * 3600), now)).toBe('yesterday');
    expect(timeSince(ago(3 * 24 * 3600), now)).toBe('3 days ago');
    expect(timeSince(ago(14 * 24 * 3600), now)).toBe('2 weeks ago');
    expect(timeSince(ago(90 * 24 * 3600), now)).toBe('3 months ago');
    expect(timeSince(ago(2 * 365 * 24 * 3600), now)).toBe('2 years ago');
  });

  it('gives an empty text for a date it cannot read', () => {
    expect(timeSince('not a date', now)).toBe('');
  });
});

describe('order lines', () => {
  const line = (id: string, price = 5) => ({ _id: id, name: `P${id}`, slug: `p-${id}`, description: 'x', price });

  it('groups identical products of an order into one line with a count, in first-seen order', () => {
    const lines = groupOrderProducts([line('2'), line('1'), line('2'), line('2')]);
    expect(lines.map((entry) => [entry.product._id, entry.count])).toEqual([
      ['2', 3],
      ['1', 1],
    ]);
    expect(groupOrderProducts([])).toEqual([]);
  });
});

describe('form checks (one schema for the form and the server)', () => {
  const product = { name: 'Desk Lamp', description: 'Brass', price: '12.5', quantity: '3', category: '4', shipping: '1' as const, photo: null };

  it('gives the parsed data when every field is right', () => {
    const result = checkWithSchema(productFields, PRODUCT_FORM_FIELDS, product);
    expect(result.errors).toEqual({});
    expect(result.data).toMatchObject({ name: 'Desk Lamp', price: 12.5, quantity: 3, category: 4, shipping: true });
  });

  it('words each message with the field label, and a missing category as the form says it', () => {
    const result = checkWithSchema(productFields, PRODUCT_FORM_FIELDS, {
      ...product,
      name: ' ',
      price: '1.234',
      quantity: '1.5',
      category: '',
    });
    expect(result.data).toBeNull();
    expect(result.errors).toEqual({
      category: 'Select a category',
      name: 'Name is required',
      price: 'Price must have at most 2 decimals',
      quantity: 'Quantity must be a whole number',
    });
  });

  it('gives messages only to the fields the form lists', () => {
    const result = checkWithSchema(loginBody, [{ name: 'email', label: 'Email' }], { email: '', password: '' });
    expect(Object.keys(result.errors)).toEqual(['email']);
    expect(result.errors.email).toMatch(/^Email /);
  });
});
