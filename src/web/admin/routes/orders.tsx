import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from '../../../domain/order-lifecycle.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../domain/order-status.ts';
import { DownloadButton } from '../../components/ui/download-button.tsx';
import { Price } from '../../components/ui/price.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { selectedOrdersCsv } from '../../features/data/api/export-orders.ts';
import { PaymentBadge } from '../../features/orders/components/orders-table.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { fullDate, timeSince } from '../../lib/time-since.ts';
import { type ListedOrder, type OrderListView, orderListSearch, orderListViewFrom, useAdminOrders } from '../api/get-admin-orders.ts';
import { CursorPager, ListCount } from '../components/cursor-pager.tsx';
import { PRINT_ORDERS_MAX } from '../components/order-slip.tsx';
import { OrderStatusSelect } from '../components/order-status-select.tsx';
import { useStatusChange } from '../components/status-change.tsx';
import '../../components/ui/buttons.css';
import '../../components/ui/form-fields.css';
import '../../components/ui/status-pill.css';
import '../../components/ui/table.css';
import '../../components/ui/admin-table.css';
import './orders.css';

const SORT_LABELS = { newest: 'Newest first', oldest: 'Oldest first', 'total-desc': 'Total, highest first', 'total-asc': 'Total, lowest first' } as const;

/** The search box, the filters and the sort; every change is a step in the address (page 1 again). */
function OrderFilters({ view, onChange }: { view: OrderListView; onChange: (next: OrderListView) => void }) {
  const [words, setWords] = useState(view.q);
  const apply = (patch: Partial<OrderListView>) => onChange({ ...view, ...patch, after: '', before: '' });
  const search = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: words.trim() });
  };
  const filtered = view.q || view.status || view.payment || view.toShip || view.customer || view.from || view.to;
  return (
    <div className="card order-filters">
      <form role="search" className="order-filters__search" onSubmit={search}>
        <label htmlFor="order-search">Search orders</label>
        <div className="order-filters__search-row">
          <input
            id="order-search"
            type="search"
            value={words}
            maxLength={100}
            placeholder="Order number, customer name or e-mail"
            onChange={(event) => setWords(event.target.value)}
          />
          <button type="submit" className="btn btn--secondary">
            Search
          </button>
        </div>
      </form>
      <div className="order-filters__fields">
        <div className="field">
          <label htmlFor="order-filter-status">Status</label>
          <select id="order-filter-status" value={view.status} onChange={(event) => apply({ status: event.target.value as OrderListView['status'] })}>
            <option value="">Any status</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-filter-payment">Payment</label>
          <select id="order-filter-payment" value={view.payment} onChange={(event) => apply({ payment: event.target.value as OrderListView['payment'] })}>
            <option value="">Any payment</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-filter-from">From</label>
          <input id="order-filter-from" type="date" value={view.from} max={view.to || undefined} onChange={(event) => apply({ from: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="order-filter-to">To</label>
          <input id="order-filter-to" type="date" value={view.to} min={view.from || undefined} onChange={(event) => apply({ to: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="order-sort">Sort</label>
          <select id="order-sort" value={view.sort} onChange={(event) => apply({ sort: event.target.value as OrderListView['sort'] })}>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <label className="order-filters__check">
          <input type="checkbox" checked={view.toShip} onChange={(event) => apply({ toShip: event.target.checked })} />
          To ship <span className="muted">(paid or cash, not shipped)</span>
        </label>
        {filtered ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              setWords('');
              onChange({ ...orderListViewFrom(new URLSearchParams()), sort: view.sort });
            }}
          >
            Clear filters
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * All Orders: a dense table on a desktop (cards on a phone) with search, filters and sort in the address,
 * pages by cursor (Previous, Next); the selected orders are marked processing or shipped together (asked
 * first, undoable for a few seconds), printed as packing slips, or exported as CSV.
 */
export default function AdminOrdersRoute() {
  usePageTitle('Dashboard - All Orders');
  const [params, setParams] = useSearchParams();
  const view = orderListViewFrom(params);
  const query = useAdminOrders(view);
  const data = query.data;
  const orders = data?.orders ?? [];
  const change = useStatusChange();
  const [selected, setSelected] = useState<ReadonlyMap<string, ListedOrder>>(() => new Map());
  // In the list's order (the slips print so), then any selected on another page.
  const selectedOrders = [
    ...orders.filter((order) => selected.has(order._id)),
    ...[...selected.values()].filter((order) => !orders.some((shown) => shown._id === order._id)),
  ];
  const selectedIds = selectedOrders.map((order) => order._id);
  const full = selectedIds.length >= PRINT_ORDERS_MAX;

  const show = (next: OrderListView) => setParams(orderListSearch(next));
  const toggle = (order: ListedOrder, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(order._id, order);
      else next.delete(order._id);
      return next;
    });
  const shownAll = orders.length > 0 && orders.every((order) => selected.has(order._id));
  const selectShown = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const order of orders) {
        if (!on) next.delete(order._id);
        else if (next.size < PRINT_ORDERS_MAX) next.set(order._id, order);
      }
      return next;
    });
  // The selection as it is now (a status changed since it was ticked shows in the question).
  const current = selectedOrders.map((order) => orders.find((shown) => shown._id === order._id) ?? order);

  return (
    <section aria-labelledby="admin-orders-heading">
      <div className="list-header admin-header">
        <h1 id="admin-orders-heading">All Orders</h1>
        {data ? <ListCount shown={orders.length} total={data.total} capped={data.totalIsCapped} one="order" many="orders" /> : null}
      </div>
      <OrderFilters key={view.q} view={view} onChange={show} />
      <div className="card orders-toolbar" role="group" aria-label="Selected orders">
        <p aria-live="polite">
          {selectedIds.length === 0 ? 'Select orders to change, print or export them together.' : `${selectedIds.length} selected`}
          {full ? ` (at most ${PRINT_ORDERS_MAX} at once)` : ''}
        </p>
        <div className="orders-toolbar__actions">
          {selectedIds.length > 0 ? (
            <>
              <button type="button" className="btn btn--secondary" onClick={() => change.ask(current, 'processing')}>
                Mark processing
              </button>
              <button type="button" className="btn btn--secondary" onClick={() => change.ask(current, 'shipped')}>
                Mark shipped
              </button>
              <Link to={paths.admin.printOrders(selectedIds)} target="_blank" rel="noopener" className="btn btn--secondary">
                Print selected ({selectedIds.length})<span className="visually-hidden"> in a new tab</span>
              </Link>
              <DownloadButton file={selectedOrdersCsv(selectedIds)}>
                Export CSV
              </DownloadButton>
              <button type="button" className="btn btn--ghost" onClick={() => setSelected(new Map())}>
                Clear
              </button>
            </>
          ) : (
            <button type="button" className="btn" aria-disabled="true">
              Print selected
            </button>
          )}
          {orders.length > 0 ? (
            <button
              type="button"
              className="btn btn--ghost"
              aria-disabled={shownAll}
              onClick={() => {
                if (!shownAll) selectShown(true);
              }}
            >
              Select all shown
            </button>
          ) : null}
        </div>
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
          {params.toString() === '' ? (
            <>
              <h2>No orders yet</h2>
              <p>Orders show up here as soon as shoppers place them.</p>
            </>
          ) : (
            <>
              <h2>No order matches</h2>
              <button type="button" className="btn" onClick={() => show(orderListViewFrom(new URLSearchParams()))}>
                Show every order
              </button>
            </>
          )}
        </div>
      ) : (
        <div className="card admin-list">
          <div className="table-wrap">
            <table className="admin-table admin-table--orders responsive-table" aria-describedby="admin-orders-heading">
              <thead>
                <tr>
                  <th scope="col" className="admin-table__check">
                    <span className="visually-hidden">Select</span>
                  </th>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Items</th>
                  <th scope="col">Total</th>
                  <th scope="col">Method</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody aria-busy={query.isPlaceholderData}>
                {orders.map((order) => {
                  const checked = selected.has(order._id);
                  return (
                    <tr key={order._id}>
                      <td data-label="Select" data-card="corner" className="admin-table__check">
                        <input
                          type="checkbox"
                          aria-label={`Select order #${order._id}`}
                          checked={checked}
                          disabled={!checked && full}
                          onChange={(event) => toggle(order, event.target.checked)}
                        />
                      </td>
                      <th scope="row" data-label="Order" className="admin-table__name">
                        <Link to={paths.admin.order(order._id)}>Order #{order._id}</Link>
                      </th>
                      <td data-label="Placed" data-card="note">
                        <time dateTime={order.createdAt} title={fullDate(order.createdAt)}>
                          {timeSince(order.createdAt)}
                        </time>
                      </td>
                      <td data-label="Customer" data-card="wide">
                        <span className="order-row__customer">{order.buyer.name}</span>
                        <span className="order-row__email">{order.buyer.email}</span>
                      </td>
                      <td data-label="Items" data-card-after=" items">{order.products.length}</td>
                      <td data-label="Total" data-card="strong">
                        <Price amount={order.total} />
                      </td>
                      <td data-label="Method" data-card="small">{PAYMENT_METHOD_LABELS[order.payment.method]}</td>
                      <td data-label="Payment">
                        <PaymentBadge order={order} />
                      </td>
                      <td data-label="Status" data-card="wide">
                        <OrderStatusSelect order={order} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <CursorPager
            label="Pages of orders"
            prev={data?.prev ?? null}
            next={data?.next ?? null}
            onPage={(cursor) => show({ ...view, after: '', before: '', ...cursor })}
          />
        </div>
      )}
      {change.element}
    </section>
  );
}
