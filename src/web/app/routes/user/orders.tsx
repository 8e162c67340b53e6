import { Link } from 'react-router';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useOrders } from '../../../features/orders/api/get-orders.ts';
import { OrdersTable } from '../../../features/orders/components/orders-table.tsx';
import { LoadMore } from '../../../features/products/components/load-more.tsx';
import { UserArea } from '../../../features/user/components/user-menu.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

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
          {total !== null && total > 0 ? (
            <p aria-live="polite">
              Showing {orders.length} of {total}
            </p>
          ) : null}
        </div>
        {query.isPending ? (
          <Spinner label="Loading your orders" />
        ) : query.isError ? (
          <div className="card empty-state" role="alert">
            <h2>Something went wrong</h2>
            <p>{errorMessage(query.error, 'Your orders could not be loaded.')}</p>
            <button type="button" className="btn" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : orders.length === 0 ? (
          <div className="card empty-state">
            <h2>You have no orders yet</h2>
            <p>When you place an order, it shows up here with its status and payment.</p>
            <Link to={paths.home} className="btn">
              Start shopping
            </Link>
          </div>
        ) : (
          <>
            <OrdersTable orders={orders} />
            <LoadMore
              hasMore={Boolean(query.hasNextPage)}
              loading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </section>
    </UserArea>
  );
}
