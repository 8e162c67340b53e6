import type { PublicUser } from '../../../../contract/user.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../../domain/order-lifecycle.ts';
import { Price } from '../../../components/ui/price.tsx';

const METHOD_NOTES: Record<PaymentMethod, string> = {
  card: 'Pay now on the secure payment page (Stripe); your items are held for you meanwhile.',
  bank_transfer: 'Transfer the total to our bank account; we send your order once it arrives.',
  cash_on_delivery: 'You pay when your order arrives.',
};

interface CartSummaryProps {
  total: number;
  itemCount: number;
  /** The signed-in user, or null for a guest. */
  user: PublicUser | null;
  ordering: boolean;
  onOrder: () => void;
  onLogin: () => void;
  onUpdateAddress: () => void;
  /** The methods the shop offers (cash on delivery alone: no choice shown). */
  methods?: PaymentMethod[];
  method?: PaymentMethod;
  onMethod?: (method: PaymentMethod) => void;
}

/** Cart Summary: the total, where it goes, how to pay (the methods the shop offers), and the way to check out. */
export function CartSummary({ total, itemCount, user, ordering, onOrder, onLogin, onUpdateAddress, methods = ['cash_on_delivery'], method = 'cash_on_delivery', onMethod }: CartSummaryProps) {
  const address = user?.address.trim() ?? '';
  return (
    <aside className="card cart-summary" aria-labelledby="cart-summary-title">
      <div>
        <h2 id="cart-summary-title">Cart Summary</h2>
        <p className="cart-summary__steps">Total | Checkout | Payment</p>
      </div>
      <p className="cart-summary__total">
        <span>Total</span>
        <Price amount={total} />
      </p>
      {methods.length <= 1 ? (
        <p className="cart-summary__note">
          <strong>Payment:</strong> {PAYMENT_METHOD_LABELS[methods[0] ?? 'cash_on_delivery'].toLowerCase()}. {METHOD_NOTES[methods[0] ?? 'cash_on_delivery']}
        </p>
      ) : (
        <fieldset className="cart-summary__methods">
          <legend>Payment</legend>
          {methods.map((option) => (
            <label key={option} className="cart-summary__method">
              <input type="radio" name="payment-method" value={option} checked={method === option} onChange={() => onMethod?.(option)} />
              <span>
                <strong>{PAYMENT_METHOD_LABELS[option]}</strong>
                <small>{METHOD_NOTES[option]}</small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {user === null ? (
        <button type="button" className="btn btn--block" onClick={onLogin}>
          Please Login to checkout
        </button>
      ) : address ? (
        <>
          <div className="cart-summary__address">
            <h3>Current Address</h3>
            <p>{address}</p>
          </div>
          <button type="button" className="btn btn--secondary btn--block" onClick={onUpdateAddress}>
            Update Address
          </button>
          <button
            type="button"
            className="btn btn--block"
            onClick={onOrder}
            disabled={ordering || itemCount === 0}
            aria-busy={ordering}
          >
            {ordering ? 'Placing your order…' : method === 'card' && methods.includes('card') ? 'Order and pay' : 'Order Now'}
          </button>
        </>
      ) : (
        <>
          <p className="cart-summary__note">Add a delivery address to your profile to order.</p>
          <button type="button" className="btn btn--block" onClick={onUpdateAddress}>
            Update Address
          </button>
        </>
      )}
    </aside>
  );
}
