import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { auditHandlers } from './modules/audit/routes.ts';
import { createAuditService } from './modules/audit/service.ts';
import { createGuards } from './modules/auth/guards.ts';
import { scheduleSignInPruning } from './modules/auth/prune-sign-in-records.ts';
import { authHandlers } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createTokens, resolveJwtSecret } from './modules/auth/tokens.ts';
import { backupHandlers } from './modules/backup/routes.ts';
import { createBackupService, scheduleBackups } from './modules/backup/service.ts';
import { cartHandlers, scheduleGuestCartPruning, cartOrderedOut, withCartOnSignIn } from './modules/cart/routes.ts';
import { createCartService } from './modules/cart/service.ts';
import { categoryHandlers } from './modules/category/routes.ts';
import { checkoutHandlers } from './modules/checkout/routes.ts';
import { createCheckoutService } from './modules/checkout/service.ts';
import { createCategoryService } from './modules/category/service.ts';
import { dashboardHandlers } from './modules/dashboard/routes.ts';
import { createDashboardService } from './modules/dashboard/service.ts';
import { dataHandlers } from './modules/data/routes.ts';
import { createDataService } from './modules/data/service.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { mailHandlers } from './modules/mail/routes.ts';
import { createMailService } from './modules/mail/service.ts';
import { mailTransport } from './modules/mail/transport.ts';
import { startMailWorker } from './modules/mail/worker.ts';
import { registerPaymentWebhook, schedulePaymentReconciliation } from './modules/order/payment-routes.ts';
import { adminOrderHandlers } from './modules/order/admin-routes.ts';
import { createAdminOrderService } from './modules/order/admin-service.ts';
import { orderHandlers } from './modules/order/routes.ts';
import { createDiscountCheckout } from './modules/discount/checkout.ts';
import { withCodeGuessLimit } from './modules/discount/guesses.ts';
import { discountHandlers } from './modules/discount/routes.ts';
import { createDiscountService } from './modules/discount/service.ts';
import { createOrderService } from './modules/order/service.ts';
import { guestOrderHandlers } from './modules/order/guest-routes.ts';
import { createGuestOrderService, guestOrderLinks } from './modules/order/guest-service.ts';
import { registerPages } from './modules/pages/routes.ts';
import { createPagesService } from './modules/pages/service.ts';
import { adminProductHandlers } from './modules/product/admin-routes.ts';
import { createAdminProductService } from './modules/product/admin-service.ts';
import { productHandlers } from './modules/product/routes.ts';
import { createProductService } from './modules/product/service.ts';
import { createVariantService } from './modules/product/variants-service.ts';
import { toWireShopContent } from './modules/shop-content/mapper.ts';
import { shopContentHandlers } from './modules/shop-content/routes.ts';
import { createShopContentService, keptShopContact } from './modules/shop-content/service.ts';
import { settingsHandlers } from './modules/settings/routes.ts';
import { createShopMoneyService } from './modules/settings/service.ts';
import { userHandlers } from './modules/user/routes.ts';
import { createUserService } from './modules/user/service.ts';
import { registerAccessLog } from './plugins/access-log.ts';
import { AnswerCache, createPreRouter, registerAnswerCache } from './plugins/answer-cache.ts';
import { registerReplayedOnHits } from './plugins/answer-cache/rules.ts';
import { registerCalls } from './plugins/calls.ts';
import { CATALOGUE_CHANNEL, listenForCatalogueChanges } from './plugins/catalogue-changes.ts';
import { registerDocs, registerDocsPage } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerHealth } from './plugins/health.ts';
import { createHttpApp } from './plugins/http-server.ts';
import { createStripeProvider } from './payments/stripe/stripe-provider.ts';
import { registerRateLimit, signInBudget } from './plugins/rate-limit.ts';
import { registerApiSecurityHeaders, registerOriginCheck, registerPageSecurityHeaders } from './plugins/security.ts';
import { registerStaticFiles } from './plugins/static-files.ts';
import { MULTIPART_LIMITS } from './plugins/uploads.ts';

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Where log lines go (standard output when left out); tests read them. */
  logStream?: DestinationStream;
  /** The secret `npm run backup` shows to the server that holds the embedded database (server.ts makes it). */
  maintenanceToken?: string;
}

/**
 * The whole shop as a Fastify instance, composed of the plugins (infrastructure, in load order) and the
 * modules (the calls of src/contract/calls.ts, and the pages); it never listens (server.ts does).
 */
export async function buildApp({ env, database, logStream, maintenanceToken }: BuildAppOptions): Promise<FastifyInstance> {
  const answers = new AnswerCache(env.CACHE_MAX_MB * 1024 * 1024);
  const preRouter = createPreRouter(answers, { publicUrl: env.PUBLIC_URL, allowedOrigins: env.CORS_ORIGINS });
  const app = createHttpApp(env, { preRouter, logStream });

  registerErrorHandling(app);
  // First of all hooks: a cached catalogue answer is sent before any other work.
  registerAnswerCache(app, answers);
  registerAccessLog(app, answers);
  await registerOriginCheck(app, { allowedOrigins: env.CORS_ORIGINS, publicUrl: env.PUBLIC_URL });
  await registerRateLimit(app, env);
  await registerReplayedOnHits(app, () => app.register(multipart, { limits: MULTIPART_LIMITS }));
  await registerDocs(app);
  await app.register(async (probes) => {
    registerApiSecurityHeaders(probes);
    registerHealth(probes, database);
  });
  await listenForCatalogueChanges(app, database, answers);

  const { db } = database;
  // The shop's currency and locale, before anything reads or writes a price.
  const shopMoney = createShopMoneyService(database, { currency: env.SHOP_CURRENCY, locale: env.SHOP_LOCALE });
  await shopMoney.load();
  const stopShopMoney = await shopMoney.listen(() => answers.invalidate());
  app.addHook('onClose', async () => stopShopMoney());
  const secret = await resolveJwtSecret(db, env.JWT_SECRET);
  const tokens = createTokens(secret, env.JWT_EXPIRES_IN);
  // Mails are written to the outbox with what causes them and sent by this process's outbox worker.
  // The shop's contact details (Shop pages), as they are when each mail is written: shown in it, replies to
  // its e-mail (kept in memory until a change's notice).
  const contact = keptShopContact();
  const stopContact = await contact.listen(database, CATALOGUE_CHANNEL);
  app.addHook('onClose', async () => stopContact());
  const mailer = createMailer({ shopName: env.SHOP_NAME, publicUrl: env.PUBLIC_URL, ownerEmail: env.OWNER_EMAIL ?? env.ADMIN_EMAIL, contact: contact.get });
  const auth = createAuthService(db, tokens, mailer);
  const mailWorker = startMailWorker(app, {
    db,
    database,
    transport: mailTransport({
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      shopName: env.SHOP_NAME,
      publicUrl: env.PUBLIC_URL,
      dataDir: env.DATA_DIR,
    }),
    retrySeconds: env.MAIL_RETRY_SECONDS,
    attempts: env.MAIL_ATTEMPTS,
    // An embedded database has one process: what it finds `sending` at start, a dead process left.
    soleSender: database.engine === 'pglite',
    // A reset mail gets its link as it is sent (the outbox never keeps one).
    prepare: (mail) => auth.prepareMail(mail),
  });
  if (env.BACKUP_DIR) {
    scheduleBackups(app, db, database.engine, { dir: env.BACKUP_DIR, everyHours: env.BACKUP_EVERY_HOURS, keep: env.BACKUP_KEEP });
  }
  scheduleSignInPruning(app, auth);
  const guards = createGuards(auth);
  const categories = createCategoryService(db);
  const shop = createShopContentService(db, { detailsChanged: contact.drop });
  const products = createProductService(db, answers.derivedView, {
    searchIndex: env.SEARCH_INDEX === 'on',
    listIndex: env.LIST_INDEX === 'on',
  });
  const mails = createMailService(db, { kick: () => void mailWorker.kick(), delivery: env.SMTP_URL ? 'smtp' : 'file' });
  // Card payment only with a Stripe key; bank transfer only with the shop's bank details.
  const provider =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL })
      : null;
  // Shipping zones, rates and taxes, kept in memory for the quote and the order (dropped at every change).
  const checkout = createCheckoutService(database, { timeZone: env.SHOP_TIMEZONE });
  const stopCheckout = await checkout.listen();
  app.addHook('onClose', async () => stopCheckout());
  const bank = env.BANK_IBAN ? { accountName: env.BANK_ACCOUNT_NAME ?? env.SHOP_NAME, iban: env.BANK_IBAN, bic: env.BANK_BIC ?? '' } : null;
  const discountCheckout = createDiscountCheckout(env.SHOP_TIMEZONE);
  const orders = createOrderService(
    db,
    mailer,
    {
      ordersPerAccount: env.OPEN_ORDERS_PER_ACCOUNT,
      unitsPerAccount: env.OPEN_UNITS_PER_ACCOUNT,
      ordersPerAddress: env.OPEN_ORDERS_PER_ADDRESS,
      unitsPerAddress: env.OPEN_UNITS_PER_ADDRESS,
    },
    {
      methods: env.PAYMENT_METHODS.filter((method) => (method === 'card' ? provider !== null : method === 'bank_transfer' ? bank !== null : true)),
      bank,
      cardMinutes: env.CARD_SESSION_MINUTES,
      provider,
      publicUrl: env.PUBLIC_URL,
      shopName: env.SHOP_NAME,
      // A guest's mails link to the order's signed page (the confirmation's link).
      guestPageOf: guestOrderLinks(secret).pageOf,
      log: app.log,
    },
    { undoSeconds: env.ORDER_UNDO_SECONDS },
    discountCheckout,
    checkout.loadPricingShop,
  );
  if (provider) schedulePaymentReconciliation(app, db, orders, env.PAYMENT_RECONCILE_MINUTES);
  const carts = createCartService(db);
  // What an order bought leaves the buyer's cart in the order's transaction.
  const orderedOut = cartOrderedOut(carts);
  scheduleGuestCartPruning(app, carts);

  await app.register(
    async (api) => {
      registerApiSecurityHeaders(api);
      registerCalls(
        api,
        withCodeGuessLimit(
          {
            ...withCartOnSignIn(authHandlers(auth), carts, app.log),
            ...userHandlers(createUserService(db)),
            ...orderHandlers(orders, orderedOut),
            ...guestOrderHandlers(createGuestOrderService(db, orders, secret), orders, orderedOut),
            ...cartHandlers(carts, auth, app.log),
            ...discountHandlers(createDiscountService(db)),
            ...adminOrderHandlers(createAdminOrderService(db, orders, env.SHOP_TIMEZONE), orders),
            ...dashboardHandlers(createDashboardService(db, mails, env.SHOP_TIMEZONE)),
            ...mailHandlers(mails),
            ...settingsHandlers(shopMoney),
            ...checkoutHandlers(checkout),
            ...categoryHandlers(categories),
            ...productHandlers(products, categories, createVariantService(db, answers.derivedView)),
            ...adminProductHandlers(createAdminProductService(db)),
            ...auditHandlers(createAuditService(db)),
            ...dataHandlers(createDataService(db, env.SHOP_TIMEZONE)),
            ...backupHandlers(createBackupService(db, database.engine), { requireAdmin: guards.requireAdmin, maintenanceToken }),
            ...shopContentHandlers(shop),
          },
          db,
          env.CODE_GUESSES_PER_CLIENT,
        ),
        {
          guards: { user: guards.requireUser, admin: guards.requireAdmin },
          signInBudget: signInBudget(api, env.AUTH_RATE_LIMIT_PER_MINUTE),
        },
      );
    },
    { prefix: '/api/v1' },
  );
  await app.register(async (webhooks) => {
    registerApiSecurityHeaders(webhooks);
    await registerPaymentWebhook(webhooks, orders);
  });

  // Pages (the web app, the API's documentation, every 404) carry helmet's full set of headers; the API's
  // answers carry their own, smaller set (registerApiSecurityHeaders above).
  await app.register(async (pages) => {
    await registerPageSecurityHeaders(pages);
    await registerDocsPage(pages);
    await registerStaticFiles(pages, env.WEB_DIST_DIR);
    const shopContent = async () => ({ success: true, ...toWireShopContent(await shop.content()) });
    await registerPages(pages, createPagesService({ products, categories, publicUrl: env.PUBLIC_URL, shopName: env.SHOP_NAME, shopContent, catalogueGeneration: () => answers.generation }), env.WEB_DIST_DIR);
  });
  return app;
}
