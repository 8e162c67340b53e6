import type { PublicUser } from '../../../../contract/user.ts';
import { Price } from '../../../components/ui/price.tsx';

interface CartSummaryProps {
  total: number;
  itemCount: number;
  /** The signed-in user, or null for a guest. */
  user: PublicUser | null;
  ordering: boolean;
  onOrder: () => void;
  onLogin: () => void;
  onUpdateAddress: () => void;
}

/** Cart Summary: the total, where it goes, and the way to check out (cash on delivery). */
export function CartSummary({ total, itemCount, user, ordering, onOrder, onLogin, onUpdateAddress }: CartSummaryProps) {
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
      <p className="cart-summary__note">
        <strong>Payment:</strong> cash on delivery. You pay when your order arrives.
      </p>
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
            {ordering ? 'Placing your order…' : 'Order Now'}
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
