/**
 * The checkout side of discount codes: what the order's transaction calls (claim the code under its row
 * lock, record the use). The shopper's check of a code is the checkout's quote (src/server/modules/checkout).
 */
import { normaliseCode } from '../../../contract/discount.ts';
import type { CodeStanding, DiscountCode } from '../../../domain/pricing.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/http-errors.ts';
import * as repo from './repo.ts';

/**
 * A shopper's e-mail as codes count it: trimmed and lower case. `+tags` and dots are kept: whether
 * `ann+shop@x` or `a.nn@x` reach `ann@x` depends on the provider, and an address is the shopper's to tell.
 */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

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

/** The refusals of a code that does not exist: what the guess limit counts (src/server/modules/discount/guesses.ts). */
const noSuchCodes = new WeakSet<object>();
const noSuchCode = (text: string) => {
  const error = badRequest(`code: no such code "${normaliseCode(text).slice(0, 40)}"`);
  noSuchCodes.add(error);
  return error;
};
/** Whether an error is the refusal of a code that does not exist (a failed guess). */
export const isNoSuchCode = (error: unknown) => typeof error === 'object' && error !== null && noSuchCodes.has(error);

/**
 * The code a shopper typed, its row locked until the transaction ends (`SELECT … FOR UPDATE`: checkouts with
 * the same code wait for each other, so its limits hold), with its standing: used up, used by this shopper
 * (normalised e-mail), whether the shopper has ordered before. 400 naming `code` when there is no such code.
 * `lock: false` reads it without the lock (the shopper's check, which changes nothing).
 */
export async function claimCode(tx: Db | Tx, codeText: string, email: string | null, now: Date, lock = true): Promise<ClaimedCode> {
  void now;
  const normal = email === null ? null : normaliseEmail(email);
  if (!lock) {
    // The check that changes nothing: the code and the shopper's standing in one statement.
    const found = await repo.codeWithStanding(tx, normaliseCode(codeText), normal);
    if (!found) throw noSuchCode(codeText);
    return claimed(found.row, normal === null ? null : { byCustomer: found.byCustomer, ordered: found.ordered });
  }
  const row = await repo.codeByText(tx, normaliseCode(codeText), lock);
  if (!row) throw noSuchCode(codeText);
  if (normal === null) return claimed(row, null);
  return claimed(row, {
    byCustomer: row.maxUsesPerCustomer === null ? 0 : (await repo.usesOf(tx, row.id, normal)).byCustomer,
    ordered: row.firstOrderOnly && (await repo.hasOrdered(tx, normal)),
  });
}

/** A code's standing for a shopper (none without an e-mail): used up, used by them as often as allowed, their first order. */
function claimed(row: repo.DiscountCodeRow, shopper: { byCustomer: number; ordered: boolean } | null): ClaimedCode {
  const standing: CodeStanding = { usedUp: row.maxUses !== null && row.uses >= row.maxUses };
  if (shopper) {
    if (row.maxUsesPerCustomer !== null) standing.usedByCustomer = shopper.byCustomer >= row.maxUsesPerCustomer;
    if (row.firstOrderOnly) standing.firstOrder = !shopper.ordered;
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
  };
}

export type DiscountCheckout = ReturnType<typeof createDiscountCheckout>;
