import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { currencyCode, DEFAULT_SHOP_MONEY, isCurrency, isLocale, localeTag } from '../domain/money.ts';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value)));

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** This machine only by default; 0.0.0.0 (or ::) to serve a network or from a container. */
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().startsWith('postgres').optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Processes answering on the port (PostgreSQL only); `auto`: one per CPU core. */
  WEB_CONCURRENCY: z.preprocess(
    (value) => (value === 'auto' ? availableParallelism() : emptyAsUndefined(value)),
    z.coerce.number().int().min(1).max(64).default(1),
  ),
  /** Redis (redis://host:6379): the per-address rate limits are then shared by every process. */
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional()),
  /** Prefix of this shop's keys in Redis (several shops may share one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).default('emporium:'),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 7d, 12h, 30m')
    .default('7d'),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  ADMIN_NAME: z.string().default('Administrator'),
  SEED_DEMO: flag(true),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Discount codes that do not exist one client address, or one guest cart, may try in 15 minutes; past it 429. */
  CODE_GUESSES_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * Orders waiting for payment on delivery (not delivered, not cancelled), and their units, that one
   * account and one client address may have at a time (0: no limit). Past them checkout answers 429 / 409.
   */
  OPEN_ORDERS_PER_ACCOUNT: z.coerce.number().int().min(0).max(1_000_000).default(5),
  OPEN_UNITS_PER_ACCOUNT: z.coerce.number().int().min(0).max(100_000_000).default(50),
  OPEN_ORDERS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(20),
  OPEN_UNITS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000_000).default(200),
  TRUST_PROXY: flag(false),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /** The shop's time zone (IANA name): the days of the owner's page start at its midnight. */
  SHOP_TIMEZONE: z
    .string()
    .default('UTC')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be a time zone such as Europe/Paris or America/New_York'),
  /**
   * The shop's currency (ISO 4217: USD, EUR, JPY) and the locale its prices are written in (en-US, de-DE,
   * ja-JP): the first values of the owner's settings screen, which keeps them in the database after that.
   */
  SHOP_CURRENCY: z
    .string()
    .default(DEFAULT_SHOP_MONEY.currency)
    .refine(isCurrency, 'must be a currency code such as USD, EUR or JPY')
    .transform((code) => currencyCode(code)),
  SHOP_LOCALE: z
    .string()
    .default(DEFAULT_SHOP_MONEY.locale)
    .refine(isLocale, 'must be a locale such as en-US, de-DE or ja-JP')
    .transform((tag) => localeTag(tag)),
  /** The shop's name, in mails and page titles. */
  SHOP_NAME: z.string().trim().min(1).max(80).default('Emporium'),
  /** smtp://user:pass@host:587 or smtps://…: mails are sent through it. Unset: they are kept as .eml files. */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  /** The sender of the shop's mails (default: "SHOP_NAME" <no-reply@the host of PUBLIC_URL>). */
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
  /** Who is told of new orders (default: ADMIN_EMAIL). */
  OWNER_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  /** The first retry of a mail that could not be sent waits this long; each next one twice as long. */
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.01).max(86_400).default(30),
  /**
   * An owner's order status change can be undone this long: its mail to the buyer waits in the outbox
   * until then (0: no undo, mailed at once).
   */
  ORDER_UNDO_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /** Tries before a mail is marked failed (and shown to the owner, who can send it again). */
  MAIL_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Scheduled backups: the folder they are written to (none: no scheduled backups). */
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Hours between scheduled backups (fractions allowed). */
  BACKUP_EVERY_HOURS: z.coerce.number().min(0.0001, 'must be more than 0').max(24 * 365).default(24),
  /** Scheduled backups kept; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** Memory for cached catalogue answers, per process. */
  CACHE_MAX_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** The search's index kept in memory (decision record 0024); off: every search is answered by queries. */
  SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  /** The lists' index kept in memory (decision record 0025); off: every list is found by queries. */
  LIST_INDEX: z.enum(['on', 'off']).default('on'),
  /** Stripe's secret key (sk_live_… / sk_test_…): without it card payment is off. */
  STRIPE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  /** The signing secret of the webhook registered at Stripe (whsec_…): required with a key. */
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  /** Where Stripe's API is (its host, port and protocol go to the SDK); a local fake in tests. */
  STRIPE_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.stripe.com')),
  /**
   * The payment methods offered at checkout, in this order (card only with STRIPE_SECRET_KEY, bank_transfer
   * only with BANK_IBAN). A checkout that names no method is cash on delivery, as the specification's client.
   */
  PAYMENT_METHODS: z
    .string()
    .default('card,bank_transfer,cash_on_delivery')
    .transform((value) => value.split(',').map((method) => method.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['card', 'bank_transfer', 'cash_on_delivery'], { error: 'must list card, bank_transfer, cash_on_delivery' }))),
  /** The bank details shown for a transfer (BANK_IBAN unset: no bank transfer). */
  BANK_ACCOUNT_NAME: z.preprocess(emptyAsUndefined, z.string().max(140).optional()),
  BANK_IBAN: z.preprocess(emptyAsUndefined, z.string().max(64).optional()),
  BANK_BIC: z.preprocess(emptyAsUndefined, z.string().max(20).optional()),
  /** How long a card order waits on its payment page (its stock held) before it is cancelled: 30 to 1440 minutes. */
  CARD_SESSION_MINUTES: z.coerce.number().int().min(30).max(1440).default(30),
  /** Minutes between the checks of card payments still waiting (the reconciliation job). */
  PAYMENT_RECONCILE_MINUTES: z.coerce.number().min(0.01).max(1440).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: readable lines; `json`: one JSON object a line. Unset: pretty on a terminal, JSON otherwise. */
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['pretty', 'json']).optional()),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  /**
   * The shop's public origin (https://shop.example): canonical and Open Graph URLs, the sitemap and the
   * links in mails use it, never the request's Host header. Defaults to http://localhost:PORT.
   */
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://shop.example' })
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = Omit<ParsedEnv, 'PUBLIC_URL'> & { PUBLIC_URL: string };

/** Parse the environment once; a bad value stops the server with a readable message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (Boolean(result.data.ADMIN_EMAIL) !== Boolean(result.data.ADMIN_PASSWORD)) {
    throw new Error('Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (result.data.STRIPE_SECRET_KEY && !result.data.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid environment:\n  STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (the webhook is how payments arrive)');
  }
  return { ...result.data, PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}` };
}

/** An environment for tests and tools: the defaults plus the given overrides. */
export function testEnv(overrides: Partial<Record<keyof Env, string>> = {}): Env {
  // No undo window unless a test asks for one: status mails go at once, as the tests of mails expect.
  return loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ORDER_UNDO_SECONDS: '0', ...overrides });
}
