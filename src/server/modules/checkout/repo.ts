import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { TaxClass } from '../../../domain/pricing.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appSettings, shippingRates, shippingZones, taxRates } from '../../db/schema.ts';

export type ZoneRow = typeof shippingZones.$inferSelect;
export type RateRow = typeof shippingRates.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;

export const PRICES_INCLUDE_TAX_KEY = 'prices_include_tax';
/** Told to every process at the commit of a change to the zones, rates, taxes or the setting. */
export const PRICING_CHANNEL = 'pricing_changed';

export interface ZonesRead {
  zones: ZoneRow[];
  rates: RateRow[];
  taxes: TaxRateRow[];
  pricesIncludeTax: boolean;
}

/** Every zone, rate and tax rate, in their order, and the setting: four small queries, whatever the number of zones. */
export async function readAll(db: Db | Tx): Promise<ZonesRead> {
  const [zones, rates, taxes, setting] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.id)),
    db.select().from(shippingRates).orderBy(asc(shippingRates.zoneId), asc(shippingRates.position), asc(shippingRates.id)),
    db.select().from(taxRates),
    db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, PRICES_INCLUDE_TAX_KEY)),
  ]);
  return { zones, rates, taxes, pricesIncludeTax: setting[0]?.value === 'true' };
}

export async function countZones(tx: Tx): Promise<number> {
  const [row] = await tx.select({ value: sql<number>`count(*)::int` }).from(shippingZones);
  return row?.value ?? 0;
}

export async function lockZone(tx: Tx, id: number): Promise<ZoneRow | undefined> {
  const [row] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id)).for('update');
  return row;
}

export type ZoneValues = Pick<typeof shippingZones.$inferInsert, 'name' | 'countries' | 'regions' | 'postcodePrefixes' | 'position'>;

export async function insertZone(tx: Tx, values: ZoneValues): Promise<number> {
  const [row] = await tx.insert(shippingZones).values(values).returning({ id: shippingZones.id });
  if (!row) throw new Error('zone insert returned nothing');
  return row.id;
}

export async function updateZone(tx: Tx, id: number, values: ZoneValues): Promise<void> {
  await tx.update(shippingZones).set(values).where(eq(shippingZones.id, id));
}

export async function deleteZone(tx: Tx, id: number): Promise<void> {
  await tx.delete(shippingZones).where(eq(shippingZones.id, id));
}

export async function taxesOf(tx: Tx, zoneId: number): Promise<TaxRateRow[]> {
  return tx.select().from(taxRates).where(eq(taxRates.zoneId, zoneId));
}

/** A zone's rate per class (basis points): one row per class, replaced. */
export async function setTaxes(tx: Tx, zoneId: number, taxes: Record<TaxClass, number>): Promise<void> {
  await tx.delete(taxRates).where(eq(taxRates.zoneId, zoneId));
  await tx.insert(taxRates).values(Object.entries(taxes).map(([taxClass, basisPoints]) => ({ zoneId, taxClass, basisPoints })));
}

export async function countRates(tx: Tx, zoneId: number): Promise<number> {
  const [row] = await tx.select({ value: sql<number>`count(*)::int` }).from(shippingRates).where(eq(shippingRates.zoneId, zoneId));
  return row?.value ?? 0;
}

export async function lockRate(tx: Tx, id: number): Promise<RateRow | undefined> {
  const [row] = await tx.select().from(shippingRates).where(eq(shippingRates.id, id)).for('update');
  return row;
}

export type RateValues = Omit<typeof shippingRates.$inferInsert, 'id' | 'zoneId'>;

export async function insertRate(tx: Tx, zoneId: number, values: RateValues): Promise<number> {
  const [row] = await tx.insert(shippingRates).values({ ...values, zoneId }).returning({ id: shippingRates.id });
  if (!row) throw new Error('rate insert returned nothing');
  return row.id;
}

export async function updateRate(tx: Tx, id: number, values: RateValues): Promise<void> {
  await tx.update(shippingRates).set(values).where(eq(shippingRates.id, id));
}

export async function deleteRate(tx: Tx, id: number): Promise<void> {
  await tx.delete(shippingRates).where(eq(shippingRates.id, id));
}

export async function setPricesIncludeTax(tx: Tx, value: boolean): Promise<boolean> {
  const [row] = await tx
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.key, [PRICES_INCLUDE_TAX_KEY]))
    .for('update');
  await tx
    .insert(appSettings)
    .values({ key: PRICES_INCLUDE_TAX_KEY, value: String(value) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: String(value) } });
  return row?.value === 'true';
}

/** Every process drops its kept zones at the commit. */
export async function notifyChange(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_notify(${PRICING_CHANNEL}, '')`);
}
