import { PagedList, ShowingCount } from '../../components/ui/paged-list.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { useOrders } from '../../features/orders/api/get-orders.ts';
import { OrdersTable } from '../../features/orders/components/orders-table.tsx';
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
        <ShowingCount count={orders.length} total={total} />
      </div>
      <PagedList
        query={query}
        count={orders.length}
        loadingLabel="Loading orders"
        errorText="The orders could not be loaded."
        empty={
          <>
            <h2>No orders yet</h2>
            <p>Orders show up here as soon as shoppers place them.</p>
          </>
        }
      >
        <OrdersTable orders={orders} renderStatus={(order) => <OrderStatusSelect order={order} />} />
      </PagedList>
    </section>
  );
}
