import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Locator, type Page, test as base, expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import type { Category } from '../../src/contract/category.ts';
import type { Product } from '../../src/contract/product.ts';
import type { PublicUser } from '../../src/contract/user.ts';
import { freePort, spawnServer, waitReady } from '../setup/server-process.ts';

export { expect };

export const ADMIN = { email: 'admin@e2e.example', password: 'admin-password-e2e', name: 'Ada Admin' };

export interface OwnShop {
  base: string;
  stop(): Promise<void>;
}

/**
 * A shop of its own for specs about a start setting (SHOP_NAME, SHOP_CURRENCY…): the real server on an
 * embedded database in a fresh folder, with the e2e administrator, on a free port; `stop` removes it all.
 */
export async function startOwnShop(settings: Record<string, string>): Promise<OwnShop> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'emporium-own-shop-'));
  const server = spawnServer({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...settings,
  });
  // Whatever happens to the spec (a hook's timeout, a failed start), the server ends with this worker.
  const orphanGuard = () => server.child.kill('SIGTERM');
  process.once('exit', orphanGuard);
  const stop = async () => {
    process.off('exit', orphanGuard);
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A start that fails (or is too slow) leaves no server behind: the spec's afterAll never gets `stop`.
  await waitReady(base, server).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { base, stop };
}

const unique = () => randomBytes(4).toString('hex');

export interface Session {
  user: PublicUser;
  token: string;
  password: string;
}

/** Data made through the real API, as an administrator or a shopper would. */
export class ShopApi {
  private adminSession: Promise<Session> | null = null;
  constructor(private readonly request: APIRequestContext) {}

  async login(email: string, password: string): Promise<Session> {
    const res = await this.request.post('/api/v1/auth/login', { data: { email, password } });
    expect(res.status(), await res.text()).toBe(200);
    const body = await res.json();
    return { user: body.user, token: body.token, password };
  }

  admin(): Promise<Session> {
    this.adminSession ??= this.login(ADMIN.email, ADMIN.password);
    return this.adminSession;
  }

  async register(overrides: Partial<Record<'name' | 'email' | 'password' | 'phone' | 'address' | 'answer', string>> = {}) {
    const data = {
      name: `Sam Shopper ${unique()}`,
      email: `shopper-${unique()}@e2e.example`,
      password: 'shopper-pass-1',
      phone: '555-0142',
      address: '12 Orchard Lane, Springfield',
      answer: 'Tennis',
      ...overrides,
    };
    const res = await this.request.post('/api/v1/auth/register', { data });
    expect(res.status(), await res.text()).toBe(201);
    return { ...(await this.login(data.email, data.password)), answer: data.answer };
  }

  async category(name = `Category ${unique()}`): Promise<Category> {
    const { token } = await this.admin();
    const res = await this.request.post('/api/v1/category/create-category', {
      data: { name },
      headers: { authorization: token },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).category;
  }

  async product(
    category: Category,
    fields: { name?: string; description?: string; price?: number; quantity?: number; shipping?: boolean; color?: string } = {},
  ): Promise<Product> {
    const { token } = await this.admin();
    const photo = await sharp({
      create: { width: 320, height: 320, channels: 3, background: fields.color ?? `#${unique().slice(0, 6)}` },
    })
      .png()
      .toBuffer();
    const res = await this.request.post('/api/v1/product/create-product', {
      headers: { authorization: token },
      multipart: {
        name: fields.name ?? `Product ${unique()}`,
        description: fields.description ?? 'A well made product for everyday use, tested in a real browser.',
        price: String(fields.price ?? 24.99),
        quantity: String(fields.quantity ?? 20),
        category: category._id,
        shipping: fields.shipping ? '1' : '0',
        photo: { name: 'photo.png', mimeType: 'image/png', buffer: photo },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).product;
  }

  /** The home page's banners: at least two (a carousel), added as the owner would when there are fewer. */
  async banners(): Promise<void> {
    const { token } = await this.admin();
    const content = await this.request.get('/api/v1/shop/content');
    const have = ((await content.json()).banners as unknown[]).length;
    for (let added = have; added < 2; added++) {
      const image = await sharp({ create: { width: 1200, height: 400, channels: 3, background: added ? '#1b7fa6' : '#4338ca' } }).png().toBuffer();
      const res = await this.request.post('/api/v1/shop/banners', {
        headers: { authorization: token },
        multipart: { heading: `Banner ${added + 1}`, text: 'Made by the browser tests.', image: { name: 'banner.png', mimeType: 'image/png', buffer: image } },
      });
      // Two tests may add at once: a ninth banner is refused, which leaves enough.
      expect([201, 400], await res.text()).toContain(res.status());
    }
  }

  /** The product's options and every combination of their values as a variant (price and stock for all). */
  async variants(product: Product, options: { name: string; values: string[] }[], fields: { price?: number; quantity?: number } = {}) {
    const { token } = await this.admin();
    const combinations = options.reduce<string[][]>((rows, option) => rows.flatMap((row) => option.values.map((value) => [...row, value])), [[]]);
    const res = await this.request.put(`/api/v1/product/product-variants/${product._id}`, {
      headers: { authorization: token },
      data: { options, variants: combinations.map((values) => ({ price: fields.price ?? 20, quantity: fields.quantity ?? 5, options: values })) },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/**
 * The mails the e2e server kept (no SMTP: each is an .eml file in E2E_DATA_DIR/mail), parsed: waits until
 * one of this kind to this address is written, and answers its plain text.
 */
export async function keptMailText(address: string, kind: string): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(`-${kind}.eml`));
        for (const file of files) {
          const mail = await simpleParser(await readFile(join(dir, file)));
          const to = Array.isArray(mail.to) ? mail.to.map((entry) => entry.text).join(',') : (mail.to?.text ?? '');
          if (to.includes(address)) found = mail.text ?? '';
        }
        return found;
      },
      { message: `a ${kind} mail to ${address} in ${dir}`, timeout: 15_000 },
    )
    .not.toBe('');
  return found;
}

/**
 * Clicks an ADD TO CART button and waits until the shop says the item is in the cart: the cart is the
 * server's, and a page left before its answer (a `page.goto` at once) may lose the line.
 */
export async function addToCart(button: Locator): Promise<void> {
  await button.click();
  await expect(button.page().getByText('Item Added to cart')).toBeVisible();
}

/** Sign a browser in the way the app keeps its session: `auth` in localStorage. */
export async function signInBrowser(page: Page, session: Session): Promise<void> {
  await page.addInitScript(
    (value) => {
      if (!window.localStorage.getItem('auth')) window.localStorage.setItem('auth', value);
    },
    JSON.stringify({ user: session.user, token: session.token }),
  );
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Run axe-core in the page; return the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<{ id: string; help: string; nodes: string[] }[]> {
  // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // The page as it settles: a toast fading in is half transparent for a moment, and axe would measure
    // its contrast mid-fade (endless animations, a spinner's, are not waited for).
    const ending = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}

export const test = base.extend<{ shop: ShopApi; pageErrors: void }>({
  shop: async ({ request }, use) => {
    await use(new ShopApi(request));
  },
  // Every test fails on an uncaught error in the page or an error the app logs (a refused request the
  // browser reports, "Failed to load resource", is part of some journeys and is not counted).
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(`console.error: ${message.text()}`);
        }
      });
      await use();
      expect(errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});
