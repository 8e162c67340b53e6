import { useState } from 'react';
import { Link } from 'react-router';
import { PagedList, ShowingCount } from '../../components/ui/paged-list.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { useOrders } from '../../features/orders/api/get-orders.ts';
import { OrdersTable } from '../../features/orders/components/orders-table.tsx';
import { PRINT_ORDERS_MAX } from '../components/order-slip.tsx';
import { OrderStatusSelect } from '../components/order-status-select.tsx';
import '../../components/ui/buttons.css';
import './orders.css';

/**
 * All Orders: the shoppers' orders table for every order, newest first, with an editable status; each
 * order opens its detail, and the selected ones print as packing slips (in a new tab).
 */
export default function AdminOrdersRoute() {
  usePageTitle('Dashboard - All Orders');
  const query = useOrders('all');
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? null;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // In the list's order; an order no longer listed is no longer selected.
  const selectedIds = orders.map((order) => order._id).filter((id) => selected.has(id));
  const full = selectedIds.length >= PRINT_ORDERS_MAX;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectShown = () => setSelected(new Set(orders.slice(0, PRINT_ORDERS_MAX).map((order) => order._id)));

  return (
    <section aria-labelledby="admin-orders-heading">
      <div className="list-header admin-header">
        <h1 id="admin-orders-heading">All Orders</h1>
        <ShowingCount count={orders.length} total={total} />
      </div>
      {orders.length > 0 ? (
        <div className="card orders-toolbar" role="group" aria-label="Print packing slips">
          <p aria-live="polite">
            {selectedIds.length === 0 ? 'Select orders to print their packing slips.' : `${selectedIds.length} selected`}
            {full ? ` (at most ${PRINT_ORDERS_MAX} at once)` : ''}
          </p>
          <div className="orders-toolbar__actions">
            {selectedIds.length > 0 ? (
              <button type="button" className="btn btn--ghost" onClick={() => setSelected(new Set())}>
                Clear
              </button>
            ) : (
              <button type="button" className="btn btn--ghost" onClick={selectShown}>
                Select all shown
              </button>
            )}
            {selectedIds.length > 0 ? (
              <Link to={paths.admin.printOrders(selectedIds)} target="_blank" rel="noopener" className="btn">
                Print selected ({selectedIds.length})<span className="visually-hidden"> in a new tab</span>
              </Link>
            ) : (
              <button type="button" className="btn" aria-disabled="true">
                Print selected
              </button>
            )}
          </div>
        </div>
      ) : null}
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
        <OrdersTable
          orders={orders}
          renderStatus={(order) => <OrderStatusSelect order={order} />}
          renderHeader={(order) => {
            const checked = selected.has(order._id);
            return (
              <>
                <Link to={paths.admin.order(order._id)} className="order-card__open">
                  Order #{order._id}
                  <span aria-hidden="true"> →</span>
                </Link>
                <label className="order-card__select">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(event) => toggle(order._id, event.target.checked)}
                  />
                  Select<span className="visually-hidden"> order #{order._id} for printing</span>
                </label>
              </>
            );
          }}
        />
      </PagedList>
    </section>
  );
}
