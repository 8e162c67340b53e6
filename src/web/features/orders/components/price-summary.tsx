import type { TaxLineWire } from '../../../../contract/order.ts';
import { Price } from '../../../components/ui/price.tsx';
import './price-summary.css';

const TAX_CLASS_LABELS = { standard: 'Tax', reduced: 'Tax (reduced rate)', zero: 'Tax (zero rate)' } as const;

/** The figures of a checkout's quote or of a placed order (major units of the shop's currency). */
export interface PriceFigures {
  subtotal: number;
  /** What the code took off (0: none). */
  discount: number;
  /** The code applied, when there is one (its row shows even when it takes nothing off the goods: free shipping). */
  code?: string | undefined;
  shipping: { name: string; amount: number } | null;
  taxes: TaxLineWire[];
  taxIncluded: boolean;
  total: number;
}

/**
 * Subtotal, discount, shipping, each tax line and the total: the checkout's summary as the shopper
 * chooses, and the order's page afterwards (the same rows, the figures the order kept).
 */
export function PriceSummary({ figures, totalTestId }: { figures: PriceFigures; totalTestId?: string }) {
  const { subtotal, discount, code, shipping, taxes, taxIncluded, total } = figures;
  return (
    <dl className="price-summary">
      <dt>Subtotal</dt>
      <dd>
        <Price amount={subtotal} />
      </dd>
      {discount > 0 || code ? (
        <>
          <dt>Discount{code ? ` (${code})` : ''}</dt>
          <dd>
            −<Price amount={discount} />
          </dd>
        </>
      ) : null}
      <dt>Shipping{shipping ? ` (${shipping.name})` : ''}</dt>
      <dd>{shipping ? <Price amount={shipping.amount} /> : '—'}</dd>
      {taxes.map((line) => (
        <div key={line.taxClass} className="price-summary__tax">
          <dt>
            {taxIncluded ? `Including ${TAX_CLASS_LABELS[line.taxClass].toLowerCase()}` : TAX_CLASS_LABELS[line.taxClass]} {line.rate}%
          </dt>
          <dd>
            <Price amount={line.amount} />
          </dd>
        </div>
      ))}
      <dt className="price-summary__total">Total</dt>
      <dd className="price-summary__total" data-testid={totalTestId}>
        <Price amount={total} large />
      </dd>
    </dl>
  );
}
