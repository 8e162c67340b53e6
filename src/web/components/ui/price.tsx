import { formatPrice } from '../../../domain/money.ts';

/** The one way a price looks. */
export function Price({ amount, large = false }: { amount: number; large?: boolean }) {
  return <span className={large ? 'price price--lg' : 'price'}>{formatPrice(amount)}</span>;
}
