import type { WireDiscountCode } from '../../../contract/discount.ts';
import { fromCents } from '../../../domain/money.ts';
import type { CodeFigures, DiscountCodeRow } from './repo.ts';

/** A code for the owner: its rules in the units the form uses (percent, major units), its uses and revenue. */
export function toWireCode({ row, figures }: { row: DiscountCodeRow; figures: CodeFigures | undefined }): WireDiscountCode {
  return {
    _id: String(row.id),
    code: row.code,
    kind: row.kind as WireDiscountCode['kind'],
    value: row.kind === 'percent' ? row.value / 100 : row.kind === 'fixed' ? fromCents(row.value) : 0,
    products: row.productIds.map(String),
    categories: row.categoryIds.map(String),
    minimumSubtotal: row.minimumSubtotalMinor === null ? null : fromCents(row.minimumSubtotalMinor),
    minimumQuantity: row.minimumQuantity,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    firstOrderOnly: row.firstOrderOnly,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    disabled: row.disabled,
    batch: row.batch,
    uses: row.uses,
    revenue: fromCents(figures?.revenueMinor ?? 0),
    discounted: fromCents(figures?.discountedMinor ?? 0),
    createdAt: row.createdAt.toISOString(),
  };
}
