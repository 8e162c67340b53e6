import { inArray, sql } from 'drizzle-orm';
import { formatMoney, type ShopMoney, setShopMoney, shopMoney } from '../../../domain/money.ts';
import type { Database, Db } from '../../db/client.ts';
import { appSettings, orders } from '../../db/schema.ts';
import { conflict } from '../../lib/http-errors.ts';
import { CATALOGUE_CHANNEL } from '../../plugins/catalogue-changes.ts';
import { type Actor, recordChange } from '../audit/service.ts';
import { getOrCreateSetting } from './repo.ts';

const CURRENCY_KEY = 'shop_currency';
const LOCALE_KEY = 'shop_locale';
/** Told to every process at the commit of a change (each then reads the settings again). */
export const SHOP_MONEY_CHANNEL = 'shop_money_changed';

/**
 * The shop's currency and locale, kept in the database (SHOP_CURRENCY and SHOP_LOCALE are only their first
 * values) and held by this process in the money module, where every price is read and written. A change
 * reaches the other processes at its commit (NOTIFY), which drops their kept catalogue answers too.
 */
export async function loadShopMoney(db: Db, initial: ShopMoney): Promise<Readonly<ShopMoney>> {
  const currency = await getOrCreateSetting(db, CURRENCY_KEY, initial.currency);
  const locale = await getOrCreateSetting(db, LOCALE_KEY, initial.locale);
  return setShopMoney({ currency, locale });
}

export function createShopMoneyService(database: Database, initial: ShopMoney) {
  const { db } = database;
  const hasOrders = async () => (await db.select({ id: orders.id }).from(orders).limit(1)).length > 0;

  async function view() {
    const { currency, locale } = shopMoney();
    return { currency, locale, currencyLocked: await hasOrders() };
  }

  return {
    /** Reads the settings into this process (at start, and when another process changed them). */
    load: () => loadShopMoney(db, initial),

    /** Every process hears of a change at its commit (and reads the settings again). */
    async listen(onChange: () => void): Promise<() => Promise<void>> {
      const reload = () => void loadShopMoney(db, initial).then(onChange, () => undefined);
      return database.listen(SHOP_MONEY_CHANNEL, {
        onNotify: reload,
        // Listening again after the connection dropped: a change may have been missed meanwhile.
        onListening: (listening) => {
          if (listening) reload();
        },
      });
    },

    view,

    /**
     * A new currency or locale, with its audit entry. The currency may change only while the shop has no
     * orders (an order's amounts, its payments and the owner's figures are in the currency it was placed
     * in); prices keep their integers of minor units (1999 cents become ¥1,999), which the screen says.
     */
    async update(next: ShopMoney, actor: Actor) {
      const before = shopMoney();
      const saved = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ key: appSettings.key, value: appSettings.value })
          .from(appSettings)
          .where(inArray(appSettings.key, [CURRENCY_KEY, LOCALE_KEY]))
          .for('update');
        const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
        const current = { currency: stored[CURRENCY_KEY] ?? before.currency, locale: stored[LOCALE_KEY] ?? before.locale };
        if (next.currency !== current.currency && (await tx.select({ id: orders.id }).from(orders).limit(1)).length > 0) {
          throw conflict(
            `currency: the shop has orders in ${current.currency}, so its currency cannot change (the locale can)`,
          );
        }
        const changed = (Object.keys(next) as (keyof ShopMoney)[]).filter((key) => next[key] !== current[key]);
        if (changed.length === 0) return current;
        for (const [key, value] of [
          [CURRENCY_KEY, next.currency],
          [LOCALE_KEY, next.locale],
        ] as const) {
          await tx.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
        }
        await recordChange(tx, actor, {
          action: 'settings.money',
          entity: 'settings',
          entityId: null,
          before: Object.fromEntries(changed.map((key) => [key, current[key]])),
          after: {
            ...Object.fromEntries(changed.map((key) => [key, next[key]])),
            example: formatMoney(123456, next.currency, next.locale),
          },
        });
        await tx.execute(sql`select pg_notify(${SHOP_MONEY_CHANNEL}, ''), pg_notify(${CATALOGUE_CHANNEL}, '')`);
        return next;
      });
      setShopMoney(saved);
      return view();
    },
  };
}

export type ShopMoneyService = ReturnType<typeof createShopMoneyService>;

