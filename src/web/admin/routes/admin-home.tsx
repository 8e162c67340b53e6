import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardResponse } from '../../../contract/dashboard.ts';
import { formatPrice } from '../../../domain/money.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Price } from '../../components/ui/price.tsx';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { fullDate, timeSince } from '../../lib/time-since.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { DailyChart, dayLabel } from '../components/daily-chart.tsx';

const SHORTCUTS = [
  { to: paths.admin.createCategory, title: 'Categories', text: 'Add, rename and remove the categories of the shop.' },
  { to: paths.admin.createProduct, title: 'New product', text: 'Put a new product on sale with its photo and stock.' },
  { to: paths.admin.products, title: 'Products', text: 'Edit prices, stock, photos and descriptions.' },
  { to: paths.admin.orders, title: 'Orders', text: 'Follow every order, set its status, print packing slips.' },
  { to: paths.admin.users, title: 'Users', text: 'See who has an account, newest first.' },
  { to: paths.admin.mails, title: 'Mails', text: 'What the shop mailed, what failed, and sending again.' },
] as const;

const compactMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
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

/** A short list of the owner's page, with what shows when there is nothing, and "and N more". */
function TodayList({ id, title, total, shown, empty, more, children }: {
  id: string;
  title: string;
  total: number;
  shown: number;
  empty: string;
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card today-list" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {title} <span className="today-list__count">{total}</span>
      </h2>
      {total === 0 ? <p className="muted">{empty}</p> : <ul>{children}</ul>}
      {total > shown ? (
        <p className="today-list__more">
          and {total - shown} more{more ? <> · {more}</> : null}
        </p>
      ) : null}
    </section>
  );
}

function OrderItem({ order, verb }: { order: OrderBrief; verb: string }) {
  return (
    <li className="today-item">
      <Link to={paths.admin.order(order._id)} className="today-item__main">
        Order #{order._id}
      </Link>
      <span className="today-item__detail">
        {order.buyer} · <Price amount={order.total} />
      </span>
      <time className="today-item__age" dateTime={order.createdAt} title={fullDate(order.createdAt)}>
        {verb} {timeSince(order.createdAt)}
      </time>
    </li>
  );
}

function StockEntry({ product }: { product: StockItem }) {
  return (
    <li className="today-item">
      <Link to={paths.admin.product(product.slug)} className="today-item__main">
        {product.name}
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
          <Tile count={data.failedMails} label="Failed mails" to={`${paths.admin.mails}?status=failed`} tone="danger" />
        </ul>
      </section>

      <div className="today-grid">
        <TodayList
          id="waiting"
          title="Waiting to be processed"
          total={data.waiting.count}
          shown={data.waiting.orders.length}
          empty="Nothing waiting: every order is being dealt with."
          more={<Link to={paths.admin.orders}>All orders</Link>}
        >
          {data.waiting.orders.map((order) => (
            <OrderItem key={order._id} order={order} verb="placed" />
          ))}
        </TodayList>
        <TodayList
          id="to-ship"
          title="To ship"
          total={data.toShip.count}
          shown={data.toShip.orders.length}
          empty="Nothing to ship right now."
          more={<Link to={paths.admin.orders}>All orders</Link>}
        >
          {data.toShip.orders.map((order) => (
            <OrderItem key={order._id} order={order} verb="placed" />
          ))}
        </TodayList>
        <TodayList
          id="low-stock"
          title="Low in stock"
          total={data.lowStock.count}
          shown={data.lowStock.products.length}
          empty="No product is at or below its low-stock threshold."
        >
          {data.lowStock.products.map((product) => (
            <StockEntry key={product._id} product={product} />
          ))}
        </TodayList>
        <TodayList
          id="sold-out"
          title="Sold out"
          total={data.soldOut.count}
          shown={data.soldOut.products.length}
          empty="Nothing is sold out."
        >
          {data.soldOut.products.map((product) => (
            <StockEntry key={product._id} product={product} />
          ))}
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
            axisFormat={(value) => compactMoney.format(value)}
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
        <section className="card today-list" aria-labelledby="best-sellers-heading">
          <h2 id="best-sellers-heading">Best sellers</h2>
          {data.bestSellers.length === 0 ? (
            <p className="muted">No sales in the last {days.length} days.</p>
          ) : (
            <ol className="best-sellers">
              {data.bestSellers.map((product) => (
                <li key={product._id} className="today-item">
                  <span className="today-item__main">{product.name}</span>
                  <span className="today-item__detail">{plural(product.units, 'unit')}</span>
                  <span className="today-item__age">
                    <Price amount={product.revenue} />
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="card today-list" aria-labelledby="new-customers-heading">
          <h2 id="new-customers-heading">
            New customers <span className="today-list__count">{data.newCustomers.count}</span>
          </h2>
          {data.newCustomers.count === 0 ? (
            <p className="muted">Nobody signed up in the last {days.length} days.</p>
          ) : (
            <ul>
              {data.newCustomers.latest.map((customer) => (
                <li key={customer._id} className="today-item">
                  <span className="today-item__main">{customer.name}</span>
                  <time className="today-item__age" dateTime={customer.createdAt} title={fullDate(customer.createdAt)}>
                    joined {timeSince(customer.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          )}
          <p className="today-list__more">
            <Link to={paths.admin.users}>All users</Link>
          </p>
        </section>
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
