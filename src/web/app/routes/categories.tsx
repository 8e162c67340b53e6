import { useEffect } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useCategories } from '../../features/categories/api/get-categories.ts';
import { notify } from '../../lib/notify.ts';
import './categories.css';

const LOAD_ERROR = 'Something went wrong in getting category';

export default function CategoriesRoute() {
  usePageTitle('All Categories');
  const categories = useCategories();

  useEffect(() => {
    if (categories.isError) notify.error(LOAD_ERROR);
  }, [categories.isError]);

  return (
    <section aria-labelledby="all-categories">
      <div className="list-header">
        <h1 id="all-categories">All Categories</h1>
        {categories.data ? <p>{categories.data.length} categories</p> : null}
      </div>
      {categories.isPending ? (
        <Spinner label="Loading categories" />
      ) : categories.isError ? (
        <div className="empty-state" role="alert">
          <h2>{LOAD_ERROR}</h2>
          <button type="button" className="btn" onClick={() => void categories.refetch()}>
            Try again
          </button>
        </div>
      ) : categories.data.length === 0 ? (
        <div className="empty-state">
          <h2>No categories yet</h2>
          <p>Come back soon: the shop is being stocked.</p>
        </div>
      ) : (
        <ul className="category-list">
          {categories.data.map((category) => (
            <li key={category._id}>
              <Link to={paths.category(category.slug)} className="card">
                {category.name}
                <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
