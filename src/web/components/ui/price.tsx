import { formatPrice } from '../../../domain/money.ts';

/** The one way a price looks; `from`: the lowest of several (a product whose variants differ in price). */
export function Price({ amount, large = false, from = false }: { amount: number; large?: boolean; from?: boolean }) {
  return (
    <span className={large ? 'price price--lg' : 'price'}>
      {from ? 'from ' : ''}
      {formatPrice(amount)}
    </span>
  );
}
