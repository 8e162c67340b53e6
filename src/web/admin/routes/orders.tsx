import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { useOrders } from '../../features/orders/api/get-orders.ts';
import { OrdersTable } from '../../features/orders/components/orders-table.tsx';
import { LoadMore } from '../../features/products/components/load-more.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { OrderStatusSelect } from '../components/order-status-select.tsx';

/** All Orders: the shoppers' orders table for every order, newest first, with an editable status. */
export default function AdminOrdersRoute() {
  usePageTitle('Dashboard - All Orders');
  const query = useOrders('all');
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? null;

  return (
    <section aria-labelledby="admin-orders-heading">
      <div className="list-header admin-header">
        <h1 id="admin-orders-heading">All Orders</h1>
        {total !== null && total > 0 ? (
          <p aria-live="polite">
            Showing {orders.length} of {total}
          </p>
        ) : null}
      </div>
      {query.isPending ? (
        <Spinner label="Loading orders" />
      ) : query.isError ? (
        <div className="card empty-state" role="alert">
          <h2>Something went wrong</h2>
          <p>{errorMessage(query.error, 'The orders could not be loaded.')}</p>
          <button type="button" className="btn" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : orders.length === 0 ? (
        <div className="card empty-state">
          <h2>No orders yet</h2>
          <p>Orders show up here as soon as shoppers place them.</p>
        </div>
      ) : (
        <>
          <OrdersTable orders={orders} renderStatus={(order) => <OrderStatusSelect order={order} />} />
          <LoadMore
            hasMore={Boolean(query.hasNextPage)}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
