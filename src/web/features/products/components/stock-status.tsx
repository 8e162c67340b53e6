/** At or below this many units the shopper reads "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

export type StockState = 'in' | 'low' | 'out';

export function stockState(quantity: number): StockState {
  if (quantity <= 0) return 'out';
  return quantity <= LOW_STOCK_THRESHOLD ? 'low' : 'in';
}

/** In stock / Only N left / Sold out. */
export function StockStatus({ quantity }: { quantity: number }) {
  const state = stockState(quantity);
  const text = state === 'out' ? 'Sold out' : state === 'low' ? `Only ${quantity} left` : 'In stock';
  return <span className={`stock stock--${state}`}>{text}</span>;
}
