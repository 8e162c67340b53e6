import { Link, useSearchParams } from 'react-router';
import { ADMIN_ROLE } from '../../../contract/user.ts';
import { PageRange, pageCount, Pager, pageFrom } from '../../components/ui/pager.tsx';
import { Price } from '../../components/ui/price.tsx';
import { paths } from '../../config/paths.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { fullDate, timeSince } from '../../lib/time-since.ts';
import { useUsers } from '../api/get-users.ts';
import '../../components/ui/status-pill.css';
import '../../components/ui/table.css';
import '../../components/ui/admin-table.css';

/** All Users: a page of users at a time, newest first, each with their orders (a link to them) and what they spent; the page is in the address (?page=N). */
export default function AdminUsersRoute() {
  usePageTitle('Dashboard - All Users');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const query = useUsers(page);
  const data = query.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <section aria-labelledby="admin-users-heading">
      <div className="list-header admin-header">
        <h1 id="admin-users-heading">All Users</h1>
        {data ? <PageRange page={data.page} pageSize={data.pageSize} count={data.users.length} total={data.total} /> : null}
      </div>
      {query.isPending ? (
        <Spinner label="Loading users" />
      ) : query.isError ? (
        <div className="card empty-state" role="alert">
          <h2>Something went wrong</h2>
          <p>{errorMessage(query.error, 'The users could not be loaded.')}</p>
          <button type="button" className="btn" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : query.data.users.length === 0 ? (
        <div className="card empty-state">
          <h2>No users on this page</h2>
          {page > 1 ? (
            <button type="button" className="btn" onClick={() => goTo(1)}>
              Go to the first page
            </button>
          ) : null}
        </div>
      ) : (
        <div className="card admin-list">
          <div className="table-wrap">
            <table className="admin-table responsive-table" aria-describedby="admin-users-heading">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Role</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Spent</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody aria-busy={query.isPlaceholderData}>
                {query.data.users.map((user) => (
                  <tr key={user._id}>
                    <th scope="row" data-label="Name" className="admin-table__name">
                      {user.name}
                    </th>
                    <td data-label="E-mail" data-card="wide small">
                      <a href={`mailto:${user.email}`}>{user.email}</a>
                    </td>
                    <td data-label="Phone" data-card="wide small">{user.phone ? <a href={`tel:${user.phone}`}>{user.phone}</a> : '—'}</td>
                    <td data-label="Role" data-card="corner">
                      {user.role === ADMIN_ROLE ? (
                        <span className="status">Admin</span>
                      ) : (
                        <span className="status status--neutral">Customer</span>
                      )}
                    </td>
                    <td data-label="Orders">
                      {user.orders > 0 ? (
                        <Link to={`${paths.admin.orders}?customer=${user._id}`}>
                          {user.orders === 1 ? '1 order' : `${user.orders} orders`}
                          <span className="visually-hidden"> by {user.name}</span>
                        </Link>
                      ) : (
                        'No orders'
                      )}
                    </td>
                    <td data-label="Spent" data-card-before="Spent ">
                      <Price amount={user.spent} />
                    </td>
                    <td data-label="Joined" data-card="wide note" data-card-before="Joined ">
                      <time dateTime={user.createdAt} title={fullDate(user.createdAt)}>
                        {timeSince(user.createdAt)}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={pages} label="Pages of users" onPage={goTo} />
        </div>
      )}
    </section>
  );
}
