/**
 * The checkout side of discount codes: what the order's transaction calls (claim the code under its row
 * lock, price the lines with src/domain/pricing.ts, record the use) and the shopper's check of a code.
 */
import { normaliseCode } from '../../../contract/discount.ts';
import { shopMoney } from '../../../domain/money.ts';
import { type CodeStanding, type DiscountCode, type PricingLine, priceCart, type Shop } from '../../../domain/pricing.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/http-errors.ts';
import * as repo from './repo.ts';

/**
 * A shopper's e-mail as codes count it: trimmed and lower case. `+tags` and dots are kept: whether
 * `ann+shop@x` or `a.nn@x` reach `ann@x` depends on the provider, and an address is the shopper's to tell.
 */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The shop as the engine sees it for codes: currency and locale of the moment, the code's dates told in `timeZone`. */
export const codeShop = (timeZone: string): Shop => ({ ...shopMoney(), timeZone, pricesIncludeTax: false, zones: [] });

/** A disabled code is refused before the engine sees it. */
export const DISABLED_CODE = 'this code is no longer valid';

/** The engine's rules of a stored code. */
export function toDiscountCode(row: repo.DiscountCodeRow): DiscountCode {
  return {
    code: row.code,
    kind: row.kind as DiscountCode['kind'],
    value: row.value,
    ...(row.productIds.length ? { productIds: row.productIds } : {}),
    ...(row.categoryIds.length ? { categoryIds: row.categoryIds } : {}),
    ...(row.minimumSubtotalMinor !== null ? { minimumSubtotal: row.minimumSubtotalMinor } : {}),
    ...(row.minimumQuantity !== null ? { minimumQuantity: row.minimumQuantity } : {}),
    ...(row.startsAt ? { startsAt: row.startsAt } : {}),
    ...(row.endsAt ? { endsAt: row.endsAt } : {}),
    firstOrderOnly: row.firstOrderOnly,
  };
}

export interface ClaimedCode {
  id: number;
  disabled: boolean;
  code: DiscountCode;
  standing: CodeStanding;
}

const noSuchCode = (text: string) => badRequest(`code: no such code "${normaliseCode(text).slice(0, 40)}"`);

/**
 * The code a shopper typed, its row locked until the transaction ends (`SELECT … FOR UPDATE`: checkouts with
 * the same code wait for each other, so its limits hold), with its standing: used up, used by this shopper
 * (normalised e-mail), whether the shopper has ordered before. 400 naming `code` when there is no such code.
 * `lock: false` reads it without the lock (the shopper's check, which changes nothing).
 */
export async function claimCode(tx: Db | Tx, codeText: string, email: string | null, now: Date, lock = true): Promise<ClaimedCode> {
  void now;
  const row = await repo.codeByText(tx, normaliseCode(codeText), lock);
  if (!row) throw noSuchCode(codeText);
  const standing: CodeStanding = { usedUp: row.maxUses !== null && row.uses >= row.maxUses };
  if (email !== null) {
    const normal = normaliseEmail(email);
    if (row.maxUsesPerCustomer !== null) standing.usedByCustomer = (await repo.usesOf(tx, row.id, normal)).byCustomer >= row.maxUsesPerCustomer;
    if (row.firstOrderOnly) standing.firstOrder = !(await repo.hasOrdered(tx, normal));
  }
  return { id: row.id, disabled: row.disabled, code: toDiscountCode(row), standing };
}

/** The order used the code: its use (one per order) and the code's count, in the order's transaction. */
export async function recordCodeUse(tx: Tx, codeId: number, orderId: number, email: string, discount: number): Promise<void> {
  await repo.insertUse(tx, codeId, orderId, normaliseEmail(email), discount);
}

export function createDiscountCheckout(timeZone: string) {
  return {
    timeZone,
    /**
     * At order time, in the order's transaction: the code under its row lock with its standing, for the
     * order's own priceCart (src/server/modules/order/service.ts); a disabled code is a 409.
     */
    async claim(tx: Tx, codeText: string, email: string, now = new Date()): Promise<ClaimedCode> {
      const claimed = await claimCode(tx, codeText, email, now);
      if (claimed.disabled) throw conflict(`code: ${DISABLED_CODE}`);
      return claimed;
    },

    /** The order used the code: its use and the code's count, in the order's transaction. */
    record: recordCodeUse,

    /** The shopper's check: the code against a cart, read without a lock; the refusal in words, nothing changed. */
    async check(db: Db, codeText: string, email: string | null, entries: { productId: number; variantId: number | null }[], now = new Date()) {
      const claimed = await claimCode(db, codeText, email, now, false);
      const variants = await repo.pricesOf(db, [...new Set(entries.map((entry) => entry.productId))]);
      const lines = new Map<string, PricingLine>();
      for (const [index, entry] of entries.entries()) {
        const variant = variants.find((row) => row.productId === entry.productId && (entry.variantId === null || row.id === entry.variantId));
        if (!variant) {
          throw badRequest(
            entry.variantId === null ? `cart.${index}: no such product ${entry.productId}` : `cart.${index}.variant: ${entry.variantId} is not a variant of product ${entry.productId}`,
          );
        }
        const key = String(variant.id);
        const line = lines.get(key);
        if (line) line.quantity += 1;
        else {
          lines.set(key, {
            id: key,
            productId: variant.productId,
            categoryId: variant.categoryId,
            unitPrice: variant.priceCents,
            quantity: 1,
            weightGrams: 0,
            taxClass: 'standard',
          });
        }
      }
      const list = [...lines.values()];
      const pricing = priceCart(codeShop(timeZone), { lines: list, code: claimed.code, standing: claimed.standing, now });
      const refusal = claimed.disabled ? DISABLED_CODE : pricing.refusals.find((item) => item.field === 'code')?.message;
      const applied = refusal === undefined;
      return {
        code: claimed.code.code,
        applies: applied,
        message: refusal ?? 'this code applies',
        freeShipping: applied && claimed.code.kind === 'free_shipping',
        subtotal: pricing.subtotal,
        discount: applied ? pricing.discount : 0,
        total: applied ? pricing.total : pricing.subtotal,
        lines: list.map((line, index) => ({
          productId: line.productId,
          variantId: Number(line.id),
          subtotal: pricing.lines[index]?.subtotal ?? 0,
          discount: applied ? (pricing.lines[index]?.discount ?? 0) : 0,
        })),
      };
    },
  };
}

export type DiscountCheckout = ReturnType<typeof createDiscountCheckout>;
