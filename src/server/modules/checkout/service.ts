import type { QuoteBody, RateBody, ZoneBody } from '../../../contract/checkout.ts';
import { SHIPPING_ZONES_MAX, RATES_PER_ZONE_MAX } from '../../../contract/checkout.ts';
import type { z } from 'zod';
import type { checkCodeBody, quoteBody, rateBody, zoneBody } from '../../../contract/checkout.ts';
import { countryName } from '../../../domain/address.ts';
import { shopMoney, toCents } from '../../../domain/money.ts';
import type { Shop, TaxClass } from '../../../domain/pricing.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { type Actor, recordChange } from '../audit/service.ts';
import { cartEntries } from '../order/mapper.ts';
import { planCart, priceOrder } from '../order/service.ts';
import { toEngineZones, toWireCodeCheck, toWireQuote, toWireZone } from './mapper.ts';
import { claimCode, type ClaimedCode, DISABLED_CODE } from '../discount/checkout.ts';
import { keptUntilNotice } from '../../lib/kept.ts';
import * as repo from './repo.ts';

type ZoneInput = z.output<typeof zoneBody>;
type RateInput = z.output<typeof rateBody>;
type QuoteInput = z.output<typeof quoteBody>;
type CheckCodeInput = z.output<typeof checkCodeBody>;
export type { QuoteBody, RateBody, ZoneBody };

const basisPoints = (percent: number) => Math.round(percent * 100);

/** A rate's row values from its body (amounts to minor units; bands kept only for their kind). */
function rateValues(body: RateInput): repo.RateValues {
  return {
    name: body.name,
    kind: body.kind,
    amountMinor: body.kind === 'flat' ? toCents(body.amount ?? 0) : 0,
    bands:
      body.kind === 'weight'
        ? body.bands.map((band) => ({ upToGrams: band.upToGrams, amount: toCents(band.amount) }))
        : body.kind === 'price'
          ? body.bands.map((band) => ({ from: toCents(band.from ?? 0), amount: toCents(band.amount) }))
          : [],
    freeFromMinor: body.freeFrom === undefined || body.freeFrom === null ? null : toCents(body.freeFrom),
    position: body.position,
  };
}

const zoneValues = (body: ZoneInput): repo.ZoneValues => ({
  name: body.name,
  countries: [...new Set(body.countries)],
  regions: [...new Set(body.regions)],
  postcodePrefixes: [...new Set(body.postcodePrefixes)],
  position: body.position,
});

const taxValues = (body: ZoneInput): Record<TaxClass, number> => ({
  standard: basisPoints(body.taxes.standard),
  reduced: basisPoints(body.taxes.reduced),
  zero: basisPoints(body.taxes.zero),
});

/**
 * Shipping zones, rates and taxes (issue 19; docs/decisions/0018-pricing.md): the owner's calls, the
 * checkout's quote, and the engine's `Shop` kept in memory: read once, dropped at every change (this
 * process's at once, the others' at the commit's NOTIFY), so a quote or an order reads no zone table.
 */
export function createCheckoutService(database: Database, options: { timeZone: string }) {
  const { db } = database;
  /** The countries' answer of the kept zones (a new read of the zones is a new array: worked out again). */
  let countriesKept: { zones: Shop['zones']; locale: string; answer: { success: true; zones: boolean; countries: { code: string; name: string }[] } } | null = null;

  const kept = keptUntilNotice(async () => {
    const all = await repo.readAll(db);
    return { zones: toEngineZones(all), pricesIncludeTax: all.pricesIncludeTax };
  });

  /** The engine's Shop: the tables as they are, kept in memory until they change; the currency as it is now. */
  async function loadPricingShop(): Promise<Shop> {
    const { zones, pricesIncludeTax } = await kept.get();
    return { ...shopMoney(), timeZone: options.timeZone, pricesIncludeTax, zones };
  }

  /**
   * A cart priced as an order placed now would be (the quote and the code check, one path): its lines as
   * the order takes them (404 gone, 409 a draft or short of stock), the code read without its lock (the
   * order claims it under the lock and checks it again), priced by priceOrder.
   */
  async function priceNow(body: { cart: QuoteInput['cart']; address?: QuoteInput['address']; rateId?: number | undefined; code?: string | undefined; email?: string | undefined }) {
    const shop = await loadPricingShop();
    const planned = await planCart(db, cartEntries(body.cart));
    const now = new Date();
    const claimed = body.code === undefined ? null : await claimCode(db, body.code, body.email ?? null, now, false);
    const pricing = priceOrder(shop, planned, { address: body.address, rateId: body.rateId }, now, claimed?.disabled ? null : claimed);
    return { shop, planned, pricing, claimed };
  }

  async function view() {
    const all = await repo.readAll(db);
    return { success: true as const, pricesIncludeTax: all.pricesIncludeTax, zones: all.zones.map((zone) => toWireZone(zone, all.rates, all.taxes)) };
  }

  /** A change in one transaction with its audit entry and the NOTIFY; the kept Shop dropped at its end. */
  async function change<T>(work: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<T>) {
    try {
      await db.transaction(async (tx) => {
        await work(tx);
        await repo.notifyChange(tx);
      });
    } finally {
      kept.drop();
    }
    return view();
  }

  return {
    loadPricingShop,

    /** Every process hears of a change at its commit; its kept Shop is dropped (and nothing kept while not listening). */
    listen: (): Promise<() => Promise<void>> => kept.listen(database, repo.PRICING_CHANNEL),

    view,

    createZone: (body: ZoneInput, actor: Actor) =>
      change(async (tx) => {
        if ((await repo.countZones(tx)) >= SHIPPING_ZONES_MAX) throw conflict(`name: a shop has at most ${SHIPPING_ZONES_MAX} shipping zones`);
        const id = await repo.insertZone(tx, zoneValues(body));
        await repo.setTaxes(tx, id, taxValues(body));
        await recordChange(tx, actor, { action: 'shipping.zone.create', entity: 'shipping_zone', entityId: id, after: { ...zoneValues(body), taxes: taxValues(body) } });
      }),

    updateZone: (id: number, body: ZoneInput, actor: Actor) =>
      change(async (tx) => {
        const before = await repo.lockZone(tx, id);
        if (!before) throw notFound('Shipping zone not found');
        const taxes = await repo.taxesOf(tx, id);
        await repo.updateZone(tx, id, zoneValues(body));
        await repo.setTaxes(tx, id, taxValues(body));
        await recordChange(tx, actor, {
          action: 'shipping.zone.update',
          entity: 'shipping_zone',
          entityId: id,
          before: { name: before.name, countries: before.countries, regions: before.regions, postcodePrefixes: before.postcodePrefixes, position: before.position, taxes: Object.fromEntries(taxes.map((row) => [row.taxClass, row.basisPoints])) },
          after: { ...zoneValues(body), taxes: taxValues(body) },
        });
      }),

    deleteZone: (id: number, actor: Actor) =>
      change(async (tx) => {
        const before = await repo.lockZone(tx, id);
        if (!before) throw notFound('Shipping zone not found');
        await repo.deleteZone(tx, id);
        await recordChange(tx, actor, { action: 'shipping.zone.delete', entity: 'shipping_zone', entityId: id, before: { name: before.name, countries: before.countries } });
      }),

    createRate: (zoneId: number, body: RateInput, actor: Actor) =>
      change(async (tx) => {
        if (!(await repo.lockZone(tx, zoneId))) throw notFound('Shipping zone not found');
        if ((await repo.countRates(tx, zoneId)) >= RATES_PER_ZONE_MAX) throw conflict(`name: a zone has at most ${RATES_PER_ZONE_MAX} delivery methods`);
        const values = rateValues(body);
        const id = await repo.insertRate(tx, zoneId, values);
        await recordChange(tx, actor, { action: 'shipping.rate.create', entity: 'shipping_rate', entityId: id, after: { zoneId, ...values } });
      }),

    updateRate: (id: number, body: RateInput, actor: Actor) =>
      change(async (tx) => {
        const before = await repo.lockRate(tx, id);
        if (!before) throw notFound('Delivery method not found');
        const values = rateValues(body);
        await repo.updateRate(tx, id, values);
        const { id: _id, zoneId: _zone, ...was } = before;
        await recordChange(tx, actor, { action: 'shipping.rate.update', entity: 'shipping_rate', entityId: id, before: was, after: { ...values } });
      }),

    deleteRate: (id: number, actor: Actor) =>
      change(async (tx) => {
        const before = await repo.lockRate(tx, id);
        if (!before) throw notFound('Delivery method not found');
        await repo.deleteRate(tx, id);
        await recordChange(tx, actor, { action: 'shipping.rate.delete', entity: 'shipping_rate', entityId: id, before: { zoneId: before.zoneId, name: before.name, kind: before.kind } });
      }),

    setPricesIncludeTax: (value: boolean, actor: Actor) =>
      change(async (tx) => {
        const before = await repo.setPricesIncludeTax(tx, value);
        if (before !== value) {
          await recordChange(tx, actor, { action: 'settings.tax', entity: 'settings', entityId: null, before: { pricesIncludeTax: before }, after: { pricesIncludeTax: value } });
        }
      }),

    /**
     * The checkout's summary for a cart and an address: the same lines, figures and refusals an order
     * placed now would keep (nothing locked, nothing taken).
     */
    async quote(body: QuoteInput) {
      const { shop, planned, pricing, claimed } = await priceNow(body);
      const quote = toWireQuote(pricing, planned, shop.currency);
      if (claimed?.disabled) quote.refusals.push({ field: 'code', message: DISABLED_CODE });
      return quote;
    },

    /** The shopper's check of a code: the quote's pricing of the cart without an address (the goods alone). */
    async checkCode(body: CheckCodeInput) {
      const { planned, pricing, claimed } = await priceNow(body);
      const code = claimed as ClaimedCode;
      const refusal = code.disabled ? DISABLED_CODE : pricing.refusals.find((item) => item.field === 'code')?.message;
      return toWireCodeCheck(pricing, planned, code.code, refusal);
    },

    /**
     * The countries the shop delivers to (its zones'), named in the shop's locale, by name: worked out once
     * per kept set of zones and locale (naming and sorting by the locale's collation is most of its cost).
     */
    async countries() {
      const shop = await loadPricingShop();
      if (countriesKept?.zones === shop.zones && countriesKept.locale === shop.locale) return countriesKept.answer;
      const codes = [...new Set(shop.zones.flatMap((zone) => zone.countries))];
      const countries = codes.map((code) => ({ code, name: countryName(code, shop.locale) })).sort((a, b) => a.name.localeCompare(b.name, shop.locale));
      const answer = { success: true as const, zones: shop.zones.length > 0, countries };
      countriesKept = { zones: shop.zones, locale: shop.locale, answer };
      return answer;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
