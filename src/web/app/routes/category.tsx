import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useCategoryProducts } from '../../features/products/api/get-category-products.ts';
import { LoadMore } from '../../features/products/components/load-more.tsx';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { ApiError } from '../../lib/api-client.ts';

export default function CategoryRoute() {
  const { slug = '' } = useParams();
  const list = useCategoryProducts(slug);
  const first = list.data?.pages[0];
  const missing = list.error instanceof ApiError && (list.error.status === 404 || list.error.status === 400);
  usePageTitle(first ? `Category - ${first.category.name}` : missing ? 'Category not found' : 'Category');

  if (list.isPending) return <Spinner label="Loading products" />;
  if (list.isError) {
    return missing ? (
      <div className="not-found">
        <h1>Category not found</h1>
        <p>This category may have been removed or renamed.</p>
        <p>
          <Link to={paths.categories} className="btn">
            See all categories
          </Link>
        </p>
      </div>
    ) : (
      <div className="empty-state" role="alert">
        <h1>Something went wrong</h1>
        <p>The products could not be loaded. Check your connection and try again.</p>
        <button type="button" className="btn" onClick={() => void list.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const products = list.data.pages.flatMap((page) => page.products);
  const total = list.data.pages.at(-1)?.total ?? products.length;

  return (
    <section aria-labelledby="category-title">
      <div className="list-header">
        <h1 id="category-title">Category - {first?.category.name}</h1>
        <p aria-live="polite">
          {total} {total === 1 ? 'result' : 'results'} found
        </p>
      </div>
      {products.length === 0 ? (
        <div className="empty-state">
          <h2>Nothing here yet</h2>
          <p>This category has no products at the moment.</p>
          <Link to={paths.home} className="btn">
            Browse all products
          </Link>
        </div>
      ) : (
        <ProductGrid products={products} />
      )}
      <LoadMore
        hasMore={Boolean(list.hasNextPage)}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </section>
  );
}
