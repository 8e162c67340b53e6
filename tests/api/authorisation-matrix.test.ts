import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, Call } from '../../src/contract/call.ts';
import { callList, type CallName } from '../../src/contract/calls.ts';
import { type MadeUser, makeAdmin, makeUser } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

/**
 * Who may make which call, for every call of the table (src/contract/calls.ts), as each call's `access`
 * says: a guest and a bad token get 401 on every user and admin call, a shopper 403 on every admin call
 * (changing nothing), a shopper passes every user call's guard, an administrator every guard, and no
 * public call refuses a guest as a guard would. A guard swapped in a route (an admin call behind the user
 * guard) fails the shopper's cell.
 */
const PLEASE_SIGN_IN = { success: false, message: 'Please sign in' };
const BAD_SESSION = { success: false, message: 'Your session is invalid or has expired, please sign in again' };
const ADMINS_ONLY = { success: false, message: 'Administrators only' };
const GUARD_MESSAGES = [PLEASE_SIGN_IN, BAD_SESSION, ADMINS_ONLY].map((answer) => answer.message);

/** Path parameters, valid-looking (nothing has these ids: a call that passes its guard changes nothing). */
const PARAMS: Record<string, string> = {
  id: '987654',
  orderId: '987655',
  mailId: '987656',
  pid: '987657',
  cid: '987658',
  page: '1',
  keyword: 'kettle',
  slug: 'no-such-thing',
  photoId: '987659',
  zoneId: '987660',
  rateId: '987661',
  lineId: '987662',
};

/**
 * A valid body for each call that takes JSON (a shopper's or an admin's call goes past the guard to the
 * body's check; a bad body would answer 400 there). Each is checked against the call's schema below.
 */
const BODIES: Partial<Record<CallName, (shopper: MadeUser) => unknown>> = {
  // An address that has an account: refused with 409, nothing is created.
  register: (shopper) => ({ name: 'Guest', email: shopper.email, password: 'guest-password', phone: '555-0100', address: '1 Street', answer: 'Chess' }),
  login: () => ({ email: 'nobody@example.com', password: 'no-such-password' }),
  forgotPassword: () => ({ email: 'nobody@example.com', answer: 'Chess', newPassword: 'no-such-password' }),
  resetLink: () => ({ email: 'nobody@example.com' }),
  resetPassword: () => ({ token: 'x'.repeat(43), newPassword: 'no-such-password' }),
  updateProfile: (shopper) => ({ name: shopper.name }),
  changeSecurityAnswer: () => ({ answer: 'Chess', currentPassword: 'not-the-password' }),
  placeOrder: () => ({ cart: [{ _id: PARAMS.id }] }),
  // A product that does not exist: refused (404), no guest row is made.
  placeGuestOrder: () => ({ cart: [{ _id: PARAMS.id }], email: 'matrix-guest@example.com', delivery: { name: 'Matrix Guest', phone: '555-0100', country: 'FR', city: 'Lyon', lines: '1 Street' } }),
  guestOrder: () => ({ token: 'x'.repeat(43) }),
  payGuestOrder: () => ({ token: 'x'.repeat(43) }),
  confirmEmail: () => ({ token: 'x'.repeat(43) }),
  // A variant that does not exist: 404, no cart is made.
  addCartLine: () => ({ variant: PARAMS.id }),
  setCartLine: () => ({ variant: PARAMS.id, quantity: 1 }),
  setOrderStatus: () => ({ status: 'Shipped' }),
  markOrderPaid: () => ({ paid: true }),
  refundOrder: () => ({ restock: false }),
  setProductVariants: () => ({ options: [], variants: [{ price: 10, quantity: 1, options: [] }] }),
  arrangeProductPhotos: () => ({ photos: [] }),
  setVariantPhotos: () => ({ photos: [] }),
  createCategory: () => ({ name: 'Matrix Category' }),
  updateCategory: () => ({ name: 'Matrix Category' }),
  productFilters: () => ({ checked: [], radio: [] }),
  updateShopDetails: () => ({ about: 'Matrix about' }),
  bulkOrderStatus: () => ({ ids: [PARAMS.orderId], status: 'shipped' }),
  undoOrderStatus: () => ({ ids: [PARAMS.orderId] }),
  bulkProducts: () => ({ ids: [PARAMS.id], quantity: 1 }),
  // The settings the shop has (a change that changes nothing).
  updateShopMoney: () => ({ currency: 'USD', locale: 'en-US' }),
  checkDiscountCode: () => ({ code: 'NO-SUCH-CODE', cart: [{ _id: PARAMS.id }] }),
  createDiscountCode: () => ({ code: 'MATRIX-CODE', kind: 'fixed', value: 1 }),
  generateDiscountCodes: () => ({ count: 1, kind: 'fixed', value: 1 }),
  updateDiscountCode: () => ({ code: 'MATRIX-CODE', kind: 'fixed', value: 1 }),
  checkoutQuote: () => ({ cart: [{ _id: PARAMS.id }], address: { country: 'FR' } }),
  // The zone and rate ids name nothing: 404, nothing created but by createShippingZone (a zone of its own).
  createShippingZone: () => ({ name: 'Matrix Zone', countries: ['FR'] }),
  updateShippingZone: () => ({ name: 'Matrix Zone', countries: ['FR'] }),
  createShippingRate: () => ({ name: 'Matrix Rate', kind: 'pickup' }),
  updateShippingRate: () => ({ name: 'Matrix Rate', kind: 'pickup' }),
  setPricesIncludeTax: () => ({ pricesIncludeTax: false }),
};

type Role = 'guest' | 'bad token' | 'shopper' | 'admin';

/** What a role must get from a call of this access: the guard's refusal, or anything but a guard's refusal. */
function expected(role: Role, access: Access): { status: number; body: object } | 'passes' {
  if (access === 'public' || role === 'admin') return 'passes';
  if (role === 'guest') return { status: 401, body: PLEASE_SIGN_IN };
  if (role === 'bad token') return { status: 401, body: BAD_SESSION };
  return access === 'admin' ? { status: 403, body: ADMINS_ONLY } : 'passes';
}

const urlOf = (name: CallName, path: string) =>
  `/api/v1${path.replace(/:(\w+)/g, (_, param: string) => {
    const value = PARAMS[param];
    if (value === undefined) throw new Error(`${name}: no value for the path parameter :${param} (add one to PARAMS)`);
    return value;
  })}`;

describe('the authorisation matrix: every call of the table, for guests, bad tokens, shoppers and administrators', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shopper: MadeUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeAdmin(t.database.db);
    shopper = await makeUser(t.database.db);
  });
  afterAll(() => t.close());

  const send = (name: CallName, entry: Call, token: string | undefined) =>
    call(t.app, entry.method, urlOf(name, entry.path), { token, body: BODIES[name]?.(shopper) });

  /** Each call the filter takes, once, for the role (logout last: it ends the session); the cells that do not match. */
  async function cells(role: Role, token: string | undefined, only: (entry: Call, name: CallName) => boolean) {
    const wrong: string[] = [];
    const checked: CallName[] = [];
    const logoutLast = callList.filter(([name]) => name !== 'logout').concat(callList.filter(([name]) => name === 'logout'));
    for (const [name, entry] of logoutLast.filter(([name, entry]) => only(entry, name))) {
      const res = await send(name, entry, token);
      const want = expected(role, entry.access);
      const cell = `${role} ${entry.access} ${name} ${entry.method} ${entry.path} -> ${res.statusCode} ${res.body.slice(0, 100)}`;
      checked.push(name);
      if (want === 'passes') {
        // Login and the security answer answer 401/403 for a wrong password or answer, never with a guard's words.
        const refusedByGuard = (res.statusCode === 401 || res.statusCode === 403) && GUARD_MESSAGES.includes(res.json().message);
        const declared = entry.answers?.[res.statusCode] !== undefined;
        if (refusedByGuard || ((res.statusCode === 401 || res.statusCode === 403) && !declared)) wrong.push(cell);
        if (res.statusCode >= 500) wrong.push(cell);
      } else if (res.statusCode !== want.status || JSON.stringify(res.json()) !== JSON.stringify(want.body)) wrong.push(cell);
    }
    return { wrong, checked };
  }

  it('the table is whole: every body is valid, and the calls of the owner, the data and the catalogue writes are admin calls', () => {
    for (const [name, entry] of callList) {
      if (entry.body) expect(entry.body.safeParse(BODIES[name]?.(shopper)).success, `${name}: BODIES has no valid body`).toBe(true);
      // A call moved out of the administrators' reach in the table itself (its access changed) shows here.
      const ownersOnly = entry.tag === 'owner' || entry.path.startsWith('/admin/') || ((entry.changesCatalogue || entry.changesStock) && name !== 'placeOrder' && name !== 'placeGuestOrder');
      if (ownersOnly) expect(entry.access, name).toBe('admin');
    }
  });

  it('guests and bad tokens get 401 on every user and admin call, shoppers 403 on every admin call; nothing changes', async () => {
    const before = await snapshotDatabase(t.database.db);
    const guarded = (entry: Call) => entry.access !== 'public';
    const guest = await cells('guest', undefined, guarded);
    const bad = await cells('bad token', 'Bearer not-a-token', guarded);
    const shopperOnAdmin = await cells('shopper', shopper.token, (entry) => entry.access === 'admin');
    expect([...guest.wrong, ...bad.wrong, ...shopperOnAdmin.wrong]).toEqual([]);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
    // No call of the table is silently left out.
    const count = (access: Access) => callList.filter(([, entry]) => entry.access === access).length;
    expect(guest.checked.length).toBe(count('user') + count('admin'));
    expect(bad.checked.length).toBe(count('user') + count('admin'));
    expect(shopperOnAdmin.checked.length).toBe(count('admin'));
  });

  it('the guard comes before the body: a guest with a broken body gets 401 and a shopper 403, not the schema', async () => {
    const guarded = callList.filter(([, entry]) => entry.access !== 'public' && entry.body);
    expect(guarded.length).toBeGreaterThan(5);
    for (const [name, entry] of guarded) {
      const guest = await call(t.app, entry.method, urlOf(name, entry.path), { body: { nonsense: [1, 2, 3] } });
      expect(guest.statusCode, `guest ${name}`).toBe(401);
      if (entry.access === 'admin') {
        const res = await call(t.app, entry.method, urlOf(name, entry.path), { token: shopper.token, body: { nonsense: [1, 2, 3] } });
        expect(res.statusCode, `shopper ${name}`).toBe(403);
      }
    }
  });

  it('no public call refuses a guest as a guard would; shoppers pass every user call and administrators every call', async () => {
    const guest = await cells('guest', undefined, (entry) => entry.access === 'public');
    // The shopper's own session: the logout call ends it.
    const own = await makeUser(t.database.db);
    const shopperOnUser = await cells('shopper', own.token, (entry) => entry.access === 'user');
    const everyCall = await cells('admin', admin.token, (_entry, name) => name !== 'logout');
    expect([...guest.wrong, ...shopperOnUser.wrong, ...everyCall.wrong]).toEqual([]);
    expect([...guest.checked, ...shopperOnUser.checked].length).toBe(callList.filter(([, entry]) => entry.access !== 'admin').length);
    expect(everyCall.checked.length).toBe(callList.length - 1);
  });

  it('the matrix covers every operation of the OpenAPI description, and no other', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([, methods]) => Object.values(methods).map((operation) => operation.operationId));
    expect(operations.sort()).toEqual(callList.map(([name]) => name).sort());
  });
});
