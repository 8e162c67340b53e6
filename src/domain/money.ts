const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The one money format of the shop: US dollars. */
export function formatPrice(amount: number): string {
  return usd.format(amount);
}

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}
