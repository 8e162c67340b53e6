import type { ShopOrder } from '../../features/orders/api/get-orders.ts';
import './delivery-address.css';

/** Where an order goes: the buyer's name, address and phone as they were when it was placed (the phone a link on screen, "Phone: …" on a slip). */
export function DeliveryAddress({ delivery, phoneLink = false }: { delivery: ShopOrder['delivery']; phoneLink?: boolean }) {
  return (
    <address className="delivery-address">
      <strong>{delivery.name}</strong>
      <span className="delivery-address__lines">{delivery.address}</span>
      {phoneLink ? <a href={`tel:${delivery.phone}`}>{delivery.phone}</a> : <span>Phone: {delivery.phone}</span>}
    </address>
  );
}
