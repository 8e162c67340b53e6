import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardResponse } from '../../../contract/dashboard.ts';
import { formatPrice, shopCurrencyFormat } from '../../../domain/money.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Price } from '../../components/ui/price.tsx';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { fullDate, timeSince } from '../../lib/time-since.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { DailyChart, dayLabel } from '../components/daily-chart.tsx';
import { UnwrittenPages } from '../components/unwritten-pages.tsx';
import '../../components/ui/table.css';
import '../../components/ui/admin-table.css';
import './admin-home.css';

const SHORTCUTS = [
  { to: paths.admin.createCategory, title: 'Categories', text: 'Add, rename and remove the categories of the shop.' },
  { to: paths.admin.createProduct, title: 'New product', text: 'Put a new product on sale with its photo and stock.' },
  { to: paths.admin.products, title: 'Products', text: 'Edit prices, stock, photos and descriptions.' },
  { to: paths.admin.orders, title: 'Orders', text: 'Follow every order, set its status, print packing slips.' },
  { to: paths.admin.users, title: 'Users', text: 'See who has an account, newest first.' },
  { to: paths.admin.mails, title: 'Mails', text: 'What the shop mailed, what failed, and sending again.' },
] as const;

const compactMoney = () => shopCurrencyFormat({ notation: 'compact', maximumFractionDigits: 1 });
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

type Dashboard = DashboardResponse;
type OrderBrief = Dashboard['waiting']['orders'][number];
type StockItem = Dashboard['lowStock']['products'][number];

/** A figure of "what needs doing": a count that links to its list (or screen); marked when not zero. */
function Tile({ count, label, to, tone }: { count: number; label: string; to: string; tone: 'warn' | 'danger' }) {
  const className = `card today-tile${count > 0 ? ` today-tile--${tone}` : ''}`;
  const content = (
    <>
      <span className="today-tile__count">{count}</span>
      <span className="today-tile__label">{label}</span>
    </>
  );
  // A list further down this page is a plain anchor (the browser scrolls to it); another screen, a route link.
  return (
    <li>
      {to.startsWith('#') ? (
        <a href={to} className={className}>
          {content}
        </a>
      ) : (
        <Link to={to} className={className}>
          {content}
        </Link>
      )}
    </li>
  );
}

/**
 * A short list of the owner's page: its title (with how many there are in all, when it counts), the items or
 * what shows when there are none, and below them the footer if it has one, else "and N more" (and where to
 * see them all) when the list is cut short.
 */
function TodayList<Item extends { _id: string }>({ id, title, count, items, empty, ordered = false, more, footer, children }: {
  id: string;
  title: string;
  count?: number;
  items: readonly Item[];
  empty: string;
  /** Numbered (a ranking). */
  ordered?: boolean;
  /** After "and N more": a link to them all. */
  more?: ReactNode;
  footer?: ReactNode;
  children: (item: Item) => ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  const hidden = (count ?? items.length) - items.length;
  return (
    <section className="card today-list" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {title}
        {count === undefined ? null : (
          <>
            {' '}
            <span className="today-list__count">{count}</span>
          </>
        )}
      </h2>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <List>
          {items.map((item) => (
            <Fragment key={item._id}>{children(item)}</Fragment>
          ))}
        </List>
      )}
      {footer ? (
        <p className="today-list__more">{footer}</p>
      ) : hidden > 0 ? (
        <p className="today-list__more">
          and {hidden} more{more ? <> · {more}</> : null}
        </p>
      ) : null}
    </section>
  );
}

function OrderItem({ order }: { order: OrderBrief }) {
  return (
    <li className="today-item">
      <Link to={paths.admin.order(order._id)} className="today-item__main">
        Order #{order._id}
      </Link>
      <span className="today-item__detail">
        {order.buyer} · <Price amount={order.total} />
      </span>
      <time className="today-item__age" dateTime={order.createdAt} title={fullDate(order.createdAt)}>
        placed {timeSince(order.createdAt)}
      </time>
    </li>
  );
}

function StockEntry({ product }: { product: StockItem }) {
  return (
    <li className="today-item">
      <Link to={paths.admin.product(product.slug)} className="today-item__main">
        {product.name}
        {product.variant ? <span className="muted"> — {product.variant}</span> : null}
      </Link>
      <span className={product.quantity === 0 ? 'today-item__age stock stock--out' : 'today-item__age stock stock--low'}>
        {product.quantity === 0 ? 'Sold out' : `${product.quantity} left`}
        <span className="muted"> (alert at {product.threshold})</span>
      </span>
    </li>
  );
}

function OwnerPage({ data }: { data: Dashboard }) {
  const days = data.days;
  const totalOrders = days.reduce((sum, day) => sum + day.orders, 0);
  const totalRevenue = days.reduce((sum, day) => sum + day.revenue, 0);
  const allOrders = <Link to={paths.admin.orders}>All orders</Link>;
  return (
    <>
      <section aria-labelledby="today-heading" className="today">
        <h2 id="today-heading" className="visually-hidden">
          What needs doing
        </h2>
        <ul className="today-tiles">
          <Tile count={data.waiting.count} label="Waiting to be processed" to="#waiting" tone="warn" />
          <Tile count={data.toShip.count} label="To ship" to="#to-ship" tone="warn" />
          <Tile count={data.lowStock.count} label="Low in stock" to="#low-stock" tone="warn" />
          <Tile count={data.soldOut.count} label="Sold out" to="#sold-out" tone="danger" />
          <Tile count={data.awaitingPayment} label="Waiting for payment" to={paths.admin.orders} tone="warn" />
          <Tile count={data.failedMails} label="Failed mails" to={`${paths.admin.mails}?status=failed`} tone="danger" />
        </ul>
      </section>

      <div className="today-grid">
        <TodayList
          id="waiting"
          title="Waiting to be processed"
          count={data.waiting.count}
          items={data.waiting.orders}
          empty="Nothing waiting: every order is being dealt with."
          more={allOrders}
        >
          {(order) => <OrderItem order={order} />}
        </TodayList>
        <TodayList id="to-ship" title="To ship" count={data.toShip.count} items={data.toShip.orders} empty="Nothing to ship right now." more={allOrders}>
          {(order) => <OrderItem order={order} />}
        </TodayList>
        <TodayList
          id="low-stock"
          title="Low in stock"
          count={data.lowStock.count}
          items={data.lowStock.products}
          empty="No product is at or below its low-stock threshold."
        >
          {(product) => <StockEntry product={product} />}
        </TodayList>
        <TodayList id="sold-out" title="Sold out" count={data.soldOut.count} items={data.soldOut.products} empty="Nothing is sold out.">
          {(product) => <StockEntry product={product} />}
        </TodayList>
      </div>

      <section className="card panel month" aria-labelledby="month-heading">
        <div className="month__head">
          <h2 id="month-heading">Last {days.length} days</h2>
          <p className="muted">
            {plural(totalOrders, 'order')} · {formatPrice(totalRevenue)} · days in {data.timeZone}
          </p>
        </div>
        <p className="chart-legend" aria-hidden="true">
          <span className="chart-legend__all">All orders</span>
          <span className="chart-legend__delivered">Delivered</span>
        </p>
        <div className="month__charts">
          <DailyChart
            title="Orders per day"
            days={days.map((day) => ({ date: day.date, all: day.orders, delivered: day.deliveredOrders }))}
            format={(value) => plural(value, 'order')}
            axisFormat={(value) => String(value)}
            whole
          />
          <DailyChart
            title="Revenue per day"
            days={days.map((day) => ({ date: day.date, all: day.revenue, delivered: day.deliveredRevenue }))}
            format={formatPrice}
            axisFormat={(value) => compactMoney().format(value)}
          />
        </div>
        <details className="month__figures">
          <summary>The figures, day by day</summary>
          <div className="table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Delivered</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Delivered revenue</th>
                </tr>
              </thead>
              <tbody>
                {[...days].reverse().map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{dayLabel(day.date)}</th>
                    <td>{day.orders}</td>
                    <td>{day.deliveredOrders}</td>
                    <td>{formatPrice(day.revenue)}</td>
                    <td>{formatPrice(day.deliveredRevenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>

      <div className="today-grid">
        <TodayList id="best-sellers" title="Best sellers" items={data.bestSellers} empty={`No sales in the last ${days.length} days.`} ordered>
          {(product) => (
            <li className="today-item">
              <span className="today-item__main">{product.name}</span>
              <span className="today-item__detail">{plural(product.units, 'unit')}</span>
              <span className="today-item__age">
                <Price amount={product.revenue} />
              </span>
            </li>
          )}
        </TodayList>
        <TodayList
          id="new-customers"
          title="New customers"
          count={data.newCustomers.count}
          items={data.newCustomers.latest}
          empty={`Nobody signed up in the last ${days.length} days.`}
          footer={<Link to={paths.admin.users}>All users</Link>}
        >
          {(customer) => (
            <li className="today-item">
              <span className="today-item__main">{customer.name}</span>
              <time className="today-item__age" dateTime={customer.createdAt} title={fullDate(customer.createdAt)}>
                joined {timeSince(customer.createdAt)}
              </time>
            </li>
          )}
        </TodayList>
      </div>
    </>
  );
}

/** Admin home, the owner's "today" page: what needs doing, how the shop is doing, and the way to every admin screen. */
export default function AdminHomeRoute() {
  usePageTitle('Admin Dashboard');
  const user = useAuth()?.user;
  const query = useDashboard();
  return (
    <>
      <section className="card panel admin-welcome" aria-labelledby="admin-home-heading">
        <h1 id="admin-home-heading">Admin Dashboard</h1>
        <p className="panel__lead">Welcome back{user ? `, ${user.name}` : ''}. Here is what needs doing today.</p>
        <dl className="info-list">
          <dt>Admin Name</dt>
          <dd>{user?.name}</dd>
          <dt>Admin Email</dt>
          <dd>{user?.email}</dd>
          <dt>Admin Contact</dt>
          <dd>{user?.phone || <span className="muted">Not set</span>}</dd>
        </dl>
      </section>
      <UnwrittenPages />
      {query.isPending ? (
        <Spinner label="Loading the figures" />
      ) : query.isError ? (
        <div className="card empty-state" role="alert">
          <h2>Something went wrong</h2>
          <p>{errorMessage(query.error, "The owner's page could not be loaded.")}</p>
          <button type="button" className="btn" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <OwnerPage data={query.data} />
      )}
      <section className="admin-shortcuts" aria-labelledby="admin-shortcuts-heading">
        <h2 id="admin-shortcuts-heading" className="visually-hidden">
          Manage the shop
        </h2>
        <ul>
          {SHORTCUTS.map((shortcut) => (
            <li key={shortcut.to}>
              <Link to={shortcut.to} className="card admin-shortcut">
                <span className="admin-shortcut__title">
                  {shortcut.title}
                  <span aria-hidden="true"> →</span>
                </span>
                <span className="admin-shortcut__text">{shortcut.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
