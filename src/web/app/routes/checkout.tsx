import { useDeferredValue, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { email as emailSchema } from '../../../contract/auth.ts';
import type { QuoteBody } from '../../../contract/checkout.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../domain/order-lifecycle.ts';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Price } from '../../components/ui/price.tsx';
import { paths } from '../../config/paths.ts';
import { useDeliveryCountries } from '../../features/checkout/api/delivery-countries.ts';
import { useQuote } from '../../features/checkout/api/quote.ts';
import { usePaymentMethods } from '../../features/orders/api/payments.ts';
import { guestOrderLink, usePlaceGuestOrder } from '../../features/orders/api/place-guest-order.ts';
import { cartIds, usePlaceOrder } from '../../features/orders/api/place-order.ts';
import { PriceSummary } from '../../features/orders/components/price-summary.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { cartActions, useCart } from '../../stores/cart-store.ts';
import '../../components/ui/buttons.css';
import '../../components/ui/form-fields.css';
import './checkout.css';

interface AddressForm {
  name: string;
  phone: string;
  country: string;
  region: string;
  postcode: string;
  city: string;
  lines: string;
}

/** A typed e-mail the server would take (a guest's quote sends it for the code's per-customer rules). */
const isEmail = (value: string) => emailSchema.safeParse(value).success;

/**
 * The one-page checkout (issue 19): contact and delivery address, the delivery methods the address offers,
 * the payment method, and the summary (subtotal, discount, shipping, tax, total) asked of the server as each
 * is chosen: the figures the order then keeps. A signed-out shopper gets the same page with an e-mail
 * field, and orders as a guest (the same figures, the order's page and its mailed link afterwards).
 */
export default function CheckoutRoute() {
  usePageTitle('Checkout');
  const session = useAuth();
  const user = session?.user ?? null;
  const cart = useCart();
  const navigate = useNavigate();
  const countries = useDeliveryCountries();
  const offered = usePaymentMethods().data?.methods;
  const methods: PaymentMethod[] = offered && offered.length > 0 ? offered : ['cash_on_delivery'];
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const payment = method && methods.includes(method) ? method : (methods[0] as PaymentMethod);
  const [address, setAddress] = useState<AddressForm>({ name: user?.name ?? '', phone: user?.phone ?? '', country: '', region: '', postcode: '', city: '', lines: '' });
  const [rateId, setRateId] = useState<string | null>(null);
  // The code as typed, and the one applied (sent with the quote and the order).
  const [codeText, setCodeText] = useState('');
  const [code, setCode] = useState<string | null>(null);
  // A guest's e-mail (the signed-in shopper's is their account's).
  const [guestEmail, setGuestEmail] = useState('');
  const placeOrder = usePlaceOrder();
  const placeGuestOrder = usePlaceGuestOrder();
  const placing = placeOrder.isPending || placeGuestOrder.isPending;
  const buyerEmail = user?.email ?? (isEmail(guestEmail.trim()) ? guestEmail.trim() : undefined);

  const where = useDeferredValue({ country: address.country, region: address.region, postcode: address.postcode, email: buyerEmail });
  const body: QuoteBody | null =
    cart.length > 0 && where.country
      ? {
          cart: cartIds(cart),
          address: { country: where.country, ...(where.region ? { region: where.region } : {}), ...(where.postcode ? { postcode: where.postcode } : {}) },
          ...(rateId ? { rateId } : {}),
          ...(code ? { code, ...(where.email ? { email: where.email } : {}) } : {}),
        }
      : null;
  const quote = useQuote(body);
  const summary = quote.data;
  const refusal = summary?.refusals.find((item) => item.field !== 'code')?.message ?? null;
  // A code the shop does not know is the quote's 400 (`code: …`); one that does not apply, a refusal in words.
  const quoteError = quote.isError ? errorMessage(quote.error) : null;
  const codeError = code && quoteError?.startsWith('code:') ? quoteError.slice('code:'.length).trim() : null;
  const codeRefusal = summary?.refusals.find((item) => item.field === 'code')?.message ?? codeError;
  const set = (field: keyof AddressForm) => (event: { target: { value: string } }) => {
    setAddress((current) => ({ ...current, [field]: event.target.value }));
    if (field === 'country') setRateId(null);
  };

  if (cart.length === 0) {
    return (
      <div className="card empty-state">
        <h1>Your Cart Is Empty</h1>
        <Link to={paths.home} className="btn">
          Continue shopping
        </Link>
      </div>
    );
  }
  const order = (event: React.FormEvent) => {
    event.preventDefault();
    if (placing) return;
    const input = {
      cart,
      paymentMethod: payment,
      delivery: { ...address, region: address.region || undefined, postcode: address.postcode || undefined },
      ...(summary?.shipping ? { rateId: summary.shipping._id } : {}),
      ...(code && !codeRefusal ? { code } : {}),
    };
    if (!user) {
      // A guest: then on to the card payment page, or the order's own page (the mailed link leads there too).
      placeGuestOrder.mutate(
        { ...input, email: guestEmail.trim() },
        {
          onSuccess: (data) => {
            cartActions.clear();
            notify.success(data.message);
            const paid = data.order.payment;
            if (paid.method === 'card' && paid.url) window.location.assign(paid.url);
            else navigate(guestOrderLink(data.order._id, data.token));
          },
          onError: (error) => notify.error(errorMessage(error)),
        },
      );
      return;
    }
    placeOrder.mutate(
      input,
      {
        onSuccess: (data) => {
          cartActions.clear();
          notify.success(data.message);
          const paid = data.order.payment;
          if (paid.method === 'card' && paid.url) window.location.assign(paid.url);
          else if (paid.method === 'cash_on_delivery') navigate(paths.user.orders);
          else navigate(paths.user.orderPayment(data.order._id));
        },
        onError: (error) => {
          notify.error(errorMessage(error));
          if (error instanceof ApiError && error.status === 503) {
            cartActions.clear();
            navigate(paths.user.orders);
          }
        },
      },
    );
  };

  // Until the shop says whether it has zones, the country is a (disabled) list: never a text box that turns into one.
  const zones = countries.data?.zones ?? true;
  return (
    <form className="checkout" onSubmit={order} aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      <div className="checkout__layout">
        <div className="checkout__steps">
          <fieldset className="card checkout__section">
            <legend>Contact</legend>
            {user ? (
              <p className="checkout__note">Signed in as {user.email}</p>
            ) : (
              <>
                <label className="field">
                  <span>Email</span>
                  <input
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    maxLength={254}
                    placeholder="Where we send your confirmation"
                    value={guestEmail}
                    onChange={(event) => setGuestEmail(event.target.value)}
                  />
                </label>
                <p className="checkout__note">
                  No account needed: we e-mail you a link to follow your order. Have one?{' '}
                  <Link to={paths.login} state={{ from: paths.checkout }}>
                    Sign in
                  </Link>
                </p>
              </>
            )}
            <label className="field">
              <span>Name</span>
              <input name="name" autoComplete="name" required maxLength={100} value={address.name} onChange={set('name')} />
            </label>
            <label className="field">
              <span>Phone</span>
              <input name="phone" type="tel" autoComplete="tel" required maxLength={40} value={address.phone} onChange={set('phone')} />
            </label>
          </fieldset>
          <fieldset className="card checkout__section">
            <legend>Delivery address</legend>
            <label className="field">
              <span>Country</span>
              {zones ? (
                <select name="country" autoComplete="country" required disabled={!countries.data} value={address.country} onChange={set('country')}>
                  <option value="">{countries.data ? 'Choose a country' : 'Loading countries…'}</option>
                  {countries.data?.countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              ) : (
                <input name="country" autoComplete="country" required maxLength={2} placeholder="FR" value={address.country} onChange={set('country')} />
              )}
            </label>
            <div className="checkout__row">
              <label className="field">
                <span>Region (optional)</span>
                <input name="region" maxLength={3} placeholder="CA" value={address.region} onChange={set('region')} />
              </label>
              <label className="field">
                <span>Postcode</span>
                <input name="postcode" autoComplete="postal-code" maxLength={12} value={address.postcode} onChange={set('postcode')} />
              </label>
            </div>
            <label className="field">
              <span>City</span>
              <input name="city" autoComplete="address-level2" required maxLength={100} value={address.city} onChange={set('city')} />
            </label>
            <label className="field">
              <span>Address</span>
              <textarea name="lines" autoComplete="street-address" required maxLength={300} rows={2} value={address.lines} onChange={set('lines')} />
            </label>
          </fieldset>
          <fieldset className="card checkout__section" aria-live="polite">
            <legend>Delivery method</legend>
            {!address.country ? (
              <p className="checkout__note">Choose a country to see the delivery methods.</p>
            ) : quoteError && !codeError ? (
              <p className="checkout__refusal" role="alert">
                {quoteError}
              </p>
            ) : refusal ? (
              <p className="checkout__refusal" role="alert">
                {refusal}
              </p>
            ) : summary && summary.choices.length > 0 ? (
              summary.choices.map((choice) => (
                <label key={choice._id} className="checkout__choice">
                  <input type="radio" name="rate" value={choice._id} checked={(rateId ?? summary.shipping?._id) === choice._id} onChange={() => setRateId(choice._id)} />
                  <span>{choice.name}</span>
                  {choice.amount === 0 ? <strong>Free</strong> : <Price amount={choice.amount} />}
                </label>
              ))
            ) : (
              <p className="checkout__note">{zones ? '…' : 'Delivery is included.'}</p>
            )}
          </fieldset>
          <fieldset className="card checkout__section">
            <legend>Discount code</legend>
            <div className="checkout__code">
              <label className="field">
                <span>Code</span>
                <input name="code" autoComplete="off" maxLength={64} value={codeText} onChange={(event) => setCodeText(event.target.value)} />
              </label>
              <button type="button" className="btn" onClick={() => setCode(codeText.trim() || null)}>
                Apply
              </button>
            </div>
            {code && codeRefusal ? (
              <p className="checkout__refusal" role="alert">
                {codeRefusal}
              </p>
            ) : code && summary ? (
              <p className="checkout__note" role="status">
                {code.toUpperCase()} applied
              </p>
            ) : null}
          </fieldset>
          <fieldset className="card checkout__section">
            <legend>Payment</legend>
            {methods.map((option) => (
              <label key={option} className="checkout__choice">
                <input type="radio" name="payment-method" value={option} checked={payment === option} onChange={() => setMethod(option)} />
                <span>{PAYMENT_METHOD_LABELS[option]}</span>
              </label>
            ))}
          </fieldset>
        </div>
        <aside className="card checkout__summary" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title">Summary</h2>
          {summary ? (
            <PriceSummary
              figures={{ ...summary, code: code && !codeRefusal ? code.toUpperCase() : undefined }}
              totalTestId="checkout-total"
            />
          ) : (
            <p className="checkout__note">Choose a country to see shipping, tax and the total.</p>
          )}
          <button type="submit" className="btn btn--block" disabled={placing || !summary || refusal !== null} aria-busy={placing}>
            {placing ? 'Placing your order…' : payment === 'card' ? 'Order and pay' : 'Place order'}
          </button>
        </aside>
      </div>
    </form>
  );
}
