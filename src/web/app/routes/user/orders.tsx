import { Link } from 'react-router';
import { PagedList, ShowingCount } from '../../../components/ui/paged-list.tsx';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { paths } from '../../../config/paths.ts';
import { useOrders } from '../../../features/orders/api/get-orders.ts';
import { OrdersTable } from '../../../features/orders/components/orders-table.tsx';
import { UserArea } from '../../../features/user/components/user-menu.tsx';

export default function UserOrdersRoute() {
  usePageTitle('Your Orders');
  const query = useOrders('mine');
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? null;

  return (
    <UserArea>
      <section aria-labelledby="orders-heading">
        <div className="list-header">
          <h1 id="orders-heading">All Orders</h1>
          <ShowingCount count={orders.length} total={total} />
        </div>
        <PagedList
          query={query}
          count={orders.length}
          loadingLabel="Loading your orders"
          errorText="Your orders could not be loaded."
          empty={
            <>
              <h2>You have no orders yet</h2>
              <p>When you place an order, it shows up here with its status and payment.</p>
              <Link to={paths.home} className="btn">
                Start shopping
              </Link>
            </>
          }
        >
          <OrdersTable orders={orders} paymentLinks />
        </PagedList>
      </section>
    </UserArea>
  );
}
