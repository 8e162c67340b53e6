import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { adminOrderQuery } from '../api/get-order.ts';
import { SHOP_NAME } from '../../components/ui/page-title.ts';
import { useShopContent } from '../../features/shop/api/get-shop-content.ts';
import { OrderSlip, printIds } from '../components/order-slip.tsx';
import './print-orders.css';

/**
 * The packing slips (and invoices) of the orders in `?ids=`, one printed page each: a screen toolbar
 * with Print, and print styles (print-orders.css, order-slip.css) that leave only the slips on paper.
 */
export default function PrintOrdersRoute() {
  const [params] = useSearchParams();
  const ids = printIds(params.get('ids'));
  usePageTitle(ids.length === 1 ? `Packing slip - Order #${ids[0]}` : `Packing slips - ${ids.length} orders`);
  const queries = useQueries({ queries: ids.map((id) => adminOrderQuery(id)) });
  const loading = queries.some((query) => query.isPending);
  const failed = queries.flatMap((query, index) => (query.isError ? [{ id: ids[index], error: query.error }] : []));
  const orders = queries.flatMap((query) => (query.data ? [query.data.order] : []));
  // The shop's contact details as the owner wrote them (Shop pages): under its name on each slip.
  const shop = useShopContent();

  return (
    <div className="print-sheets">
      <div className="print-toolbar card">
        <div>
          <h1>{ids.length === 1 ? 'Packing slip' : 'Packing slips'}</h1>
          <p className="muted">
            {ids.length === 0
              ? 'No order was chosen: select orders on All Orders, then Print selected.'
              : `${orders.length} of ${ids.length} ${ids.length === 1 ? 'order' : 'orders'} ready, one page each.`}
          </p>
        </div>
        <div className="print-toolbar__actions">
          <Link to={paths.admin.orders} className="btn btn--secondary">
            All orders
          </Link>
          <button type="button" className="btn" onClick={() => window.print()} disabled={loading || orders.length === 0}>
            Print
          </button>
        </div>
        {failed.length > 0 ? (
          <ul className="inline-error print-toolbar__errors" role="alert">
            {failed.map(({ id, error }) => (
              <li key={id}>
                Order #{id}: {errorMessage(error, 'could not be loaded')}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {loading || shop.isPending ? (
        <Spinner label="Loading the orders" />
      ) : (
        orders.map((order) => <OrderSlip key={order._id} order={order} shopName={SHOP_NAME} contact={shop.data?.details} />)
      )}
    </div>
  );
}
