import { createHash, randomBytes } from 'node:crypto';
import { CART_LINE_MAX, CART_LINES_MAX, type SetCartLineBody } from '../../../contract/cart.ts';
import { productVariantName } from '../../../domain/variants.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import * as repo from './repo.ts';
import type { CartLineRow, CartOwner, VariantToBuy } from './repo.ts';

/** A guest's cart is forgotten this many days after its last change (its cookie lives as long). */
export const GUEST_CART_DAYS = 30;

/** A new guest cart's id for its cookie: 32 random bytes, base64url (43 characters). */
export const newCartToken = () => randomBytes(32).toString('base64url');
/** What the database keeps of a guest's cookie: its SHA-256 (a copy of the database opens no cart). */
export const hashCartToken = (token: string) => createHash('sha256').update(token).digest('hex');

const describe = (variant: VariantToBuy) => productVariantName(variant.productName, variant.title);
const stockWords = (variant: VariantToBuy) => (variant.stock <= 0 ? `${describe(variant)} is sold out` : `only ${variant.stock} of ${describe(variant)} in stock`);

/**
 * The cart kept by the server: a guest's (under a cookie) or a signed-in user's; lines are variants with
 * their units and the price last seen. Every write runs in a transaction and answers the whole cart.
 */
export function createCartService(db: Db) {
  async function variantOf(body: { variant?: number | undefined; product?: number | undefined }): Promise<VariantToBuy> {
    if (body.variant !== undefined) {
      const variant = await repo.variantById(db, body.variant);
      if (!variant || (body.product !== undefined && variant.productId !== body.product)) throw notFound(`variant: ${body.variant} is not a variant in this shop${body.product !== undefined ? ` of product ${body.product}` : ''}`);
      return variant;
    }
    const variant = await repo.firstVariantOf(db, body.product as number);
    if (!variant) throw notFound(`product: ${body.product} is not in this shop`);
    return variant;
  }

  /** Runs a write in a transaction on the owner's cart (made if missing), then reads it back in the same. */
  const write = (owner: CartOwner, change: (tx: Tx, cartId: number) => Promise<void>) =>
    writeLines(owner, async (tx) => change(tx, await repo.ensureCart(tx, owner)));

  /** Runs a write in a transaction, then reads the owner's cart back in the same (409 past CART_LINES_MAX lines). */
  async function writeLines(owner: CartOwner, change: (tx: Tx) => Promise<void>) {
    return db.transaction(async (tx) => {
      await change(tx);
      const lines = await repo.readLines(tx, owner);
      if (lines.length > CART_LINES_MAX) throw conflict(`variant: a cart holds at most ${CART_LINES_MAX} different items`);
      return lines;
    });
  }

  return {
    /** The owner's cart (none: empty). */
    read: (owner: CartOwner | null): Promise<CartLineRow[]> => (owner ? repo.readLines(db, owner) : Promise.resolve([])),

    /** Adds units of a variant; 409 naming `quantity` past its stock (what is in the cart counts). */
    async add(owner: CartOwner, body: { variant?: number | undefined; product?: number | undefined; quantity: number }) {
      const variant = await variantOf(body);
      if (variant.stock <= 0) throw conflict(`quantity: ${stockWords(variant)}`);
      return write(owner, async (tx, cartId) => {
        const units = await repo.addToLine(tx, cartId, variant, body.quantity);
        if (units > variant.stock) throw conflict(`quantity: ${stockWords(variant)}, and your cart would hold ${units}`);
        if (units > CART_LINE_MAX) throw conflict(`quantity: a cart holds at most ${CART_LINE_MAX} of one item`);
      });
    },

    /** Sets the units of a variant (0 removes it); 409 naming `quantity` past its stock. */
    async set(owner: CartOwner, body: SetCartLineBody) {
      const variant = await variantOf(body);
      if (body.quantity > variant.stock) throw conflict(`quantity: ${stockWords(variant)}`);
      if (body.quantity === 0) {
        await repo.removeVariant(db, owner, variant.id);
        return repo.readLines(db, owner);
      }
      return writeLines(owner, (tx) => repo.setOwnersLine(tx, owner, variant, body.quantity));
    },

    /** Removes a line; 404 naming `lineId` when the owner's cart has no such line (nothing changes). */
    async removeLine(owner: CartOwner | null, lineId: number) {
      if (!owner || !(await repo.removeLine(db, owner, lineId))) throw notFound(`lineId: line ${lineId} is not in your cart`);
      return repo.readLines(db, owner);
    },

    async empty(owner: CartOwner | null): Promise<CartLineRow[]> {
      if (owner) await repo.emptyCart(db, owner);
      return [];
    },

    /** A guest's cart joins the user's (on sign-in): see repo.mergeGuestCart. */
    async merge(tokenHash: string, userId: number): Promise<number> {
      return db.transaction((tx) => repo.mergeGuestCart(tx, tokenHash, userId, CART_LINE_MAX));
    },

    /** What an order bought leaves the buyer's cart (an account's, or a guest's under its cookie): writes for the order's transaction. */
    orderedOutWrites: (owner: CartOwner, orderId: number) => repo.orderedOutWrites(owner, orderId),

    prune: () => repo.pruneGuestCarts(db, GUEST_CART_DAYS),
  };
}

export type CartService = ReturnType<typeof createCartService>;
