/**
 * The owner's discount codes: made one at a time or in a batch of unique random ones, listed with their uses
 * and revenue, changed, disabled or deleted; every change an audit entry naming the code.
 */
import { randomInt } from 'node:crypto';
import { DISCOUNT_CODES_PAGE_SIZE, type DiscountBatchInput, type DiscountCodeInput } from '../../../contract/discount.ts';
import { toCents } from '../../../domain/money.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { listWindow, listWithTotal } from '../../lib/paging.ts';
import { type Actor, changedFields, recordChange } from '../audit/service.ts';
import * as repo from './repo.ts';

type Rules = Omit<DiscountCodeInput, 'code'>;

/** A generated code's letters: no 0/O, 1/I/L, so that it reads back without doubt. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RANDOM_LENGTH = 8;
const randomCode = (prefix: string) => prefix + Array.from({ length: RANDOM_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** The stored columns of a code's rules (amounts in minor units, percent in basis points). */
function columnsOf(rules: Rules): Omit<repo.NewDiscountCode, 'code'> {
  return {
    kind: rules.kind,
    value: rules.kind === 'percent' ? Math.round(rules.value * 100) : rules.kind === 'fixed' ? toCents(rules.value) : 0,
    productIds: [...new Set(rules.products)],
    categoryIds: [...new Set(rules.categories)],
    minimumSubtotalMinor: rules.minimumSubtotal === null ? null : toCents(rules.minimumSubtotal),
    minimumQuantity: rules.minimumQuantity,
    startsAt: rules.startsAt,
    endsAt: rules.endsAt,
    firstOrderOnly: rules.firstOrderOnly,
    maxUses: rules.maxUses,
    maxUsesPerCustomer: rules.maxUsesPerCustomer,
    disabled: rules.disabled,
  };
}

/** What the audit log keeps of a code. */
const auditOf = (row: repo.DiscountCodeRow) => ({
  name: row.code,
  code: row.code,
  kind: row.kind,
  value: row.value,
  productIds: row.productIds,
  categoryIds: row.categoryIds,
  minimumSubtotalMinor: row.minimumSubtotalMinor,
  minimumQuantity: row.minimumQuantity,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  firstOrderOnly: row.firstOrderOnly,
  maxUses: row.maxUses,
  maxUsesPerCustomer: row.maxUsesPerCustomer,
  disabled: row.disabled,
});

const taken = (code: string) => conflict(`code: ${code} already exists`);

export function createDiscountService(db: Db) {
  /** Unknown product or category ids: 400 naming the field and the ids. */
  async function checkScope(rules: Rules) {
    const [products, categories] = await Promise.all([repo.missingProducts(db, rules.products), repo.missingCategories(db, rules.categories)]);
    if (products.length) throw badRequest(`products: no such product ${products.slice(0, 10).join(', ')}`);
    if (categories.length) throw badRequest(`categories: no such category ${categories.slice(0, 10).join(', ')}`);
  }
  const withFigures = async (row: repo.DiscountCodeRow) => ({ row, figures: (await repo.figuresOf(db, [row.id])).get(row.id) });

  return {
    async page(pageNumber: number, q: string | undefined) {
      const { items, total } = await listWithTotal(
        listWindow(pageNumber, DISCOUNT_CODES_PAGE_SIZE, DISCOUNT_CODES_PAGE_SIZE),
        () => repo.countCodes(db, q),
        ({ limit, offset }) => repo.listCodes(db, q, limit, offset),
      );
      const figures = await repo.figuresOf(
        db,
        items.filter((row) => row.uses > 0).map((row) => row.id),
      );
      return { items: items.map((row) => ({ row, figures: figures.get(row.id) })), total, page: pageNumber, pageSize: DISCOUNT_CODES_PAGE_SIZE };
    },

    async get(id: number) {
      const row = await repo.findCode(db, id);
      if (!row) throw notFound('Discount code not found');
      return withFigures(row);
    },

    async create(input: DiscountCodeInput, actor: Actor) {
      await checkScope(input);
      if (await repo.codeTaken(db, input.code)) throw taken(input.code);
      const row = await db
        .transaction(async (tx) => {
          const created = await repo.insertCode(tx, { code: input.code, ...columnsOf(input) });
          await recordChange(tx, actor, { action: 'discount.create', entity: 'discount', entityId: created.id, after: auditOf(created) });
          return created;
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? taken(input.code) : error;
        });
      return { row, figures: undefined };
    },

    /** `count` new codes sharing the rules: random, unique (a text already taken is drawn again), one audit entry per code. */
    async batch(input: DiscountBatchInput, actor: Actor) {
      await checkScope(input);
      const batch = `${input.prefix.replace(/[-_]+$/, '') || 'BATCH'}-${new Date().toISOString().slice(0, 19)}-${randomInt(1_000_000)}`;
      const columns = { ...columnsOf(input), batch };
      return db.transaction(async (tx: Tx) => {
        const made: repo.DiscountCodeRow[] = [];
        for (let round = 0; made.length < input.count; round += 1) {
          if (round >= 20) throw conflict(`prefix: too few free codes left with the prefix ${input.prefix}`);
          const wanted = new Set<string>();
          while (wanted.size < input.count - made.length) wanted.add(randomCode(input.prefix));
          made.push(...(await repo.insertCodesSkippingTaken(tx, [...wanted].map((code) => ({ code, ...columns })))));
        }
        // One statement at a time on the transaction's connection (pg refuses overlapping queries on one client).
        for (const row of made) {
          await recordChange(tx, actor, { action: 'discount.create', entity: 'discount', entityId: row.id, after: { ...auditOf(row), batch } });
        }
        return { batch, codes: made.map((row) => row.code) };
      });
    },

    async update(id: number, input: DiscountCodeInput, actor: Actor) {
      const current = await repo.findCode(db, id);
      if (!current) throw notFound('Discount code not found');
      await checkScope(input);
      if (input.code !== current.code && (await repo.codeTaken(db, input.code, id))) throw taken(input.code);
      const row = await db
        .transaction(async (tx) => {
          const updated = (await repo.updateCode(tx, id, { code: input.code, ...columnsOf(input) })) as repo.DiscountCodeRow;
          const change = changedFields(auditOf(current), auditOf(updated));
          if (change) {
            await recordChange(tx, actor, {
              action: current.disabled !== updated.disabled ? (updated.disabled ? 'discount.disable' : 'discount.enable') : 'discount.update',
              entity: 'discount',
              entityId: id,
              before: { name: current.code, ...change.before },
              after: { name: updated.code, ...change.after },
            });
          }
          return updated;
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? taken(input.code) : error;
        });
      return withFigures(row);
    },

    /**
     * A code never used is deleted; one that was keeps its uses' history (409: disable it instead). The check
     * and the delete are one transaction under the code's row lock (`FOR UPDATE`, as an order's claim takes
     * it): an order claiming the code at the same time either commits its use first (then this is a 409) or
     * waits and finds no such code.
     */
    async remove(id: number, actor: Actor) {
      return db.transaction(async (tx) => {
        const current = await repo.lockCode(tx, id);
        if (!current) throw notFound('Discount code not found');
        if (current.uses > 0) throw conflict(`${current.code} has been used ${current.uses} time${current.uses === 1 ? '' : 's'}: disable it instead`);
        await repo.deleteCode(tx, id);
        await recordChange(tx, actor, { action: 'discount.delete', entity: 'discount', entityId: id, before: auditOf(current) });
        return current;
      });
    },
  };
}

export type DiscountService = ReturnType<typeof createDiscountService>;
