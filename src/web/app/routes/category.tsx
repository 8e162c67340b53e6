import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { paths } from '../../config/paths.ts';
import { useCategoryProducts } from '../../features/products/api/get-category-products.ts';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { ProductGridPlaceholder } from '../../features/products/components/product-placeholders.tsx';
import { isNotFound } from '../../lib/api-client.ts';

export default function CategoryRoute() {
  const { slug = '' } = useParams();
  const list = useCategoryProducts(slug);
  const first = list.data?.pages[0];
  usePageTitle(first ? `Category - ${first.category.name}` : isNotFound(list.error) ? 'Category not found' : 'Category');

  if (list.isPending) return <ProductGridPlaceholder label="Loading products" />;
  if (list.isError) {
    return (
      <LoadError
        error={list.error}
        what="products"
        notFoundTitle="Category not found"
        notFoundText="This category may have been removed or renamed."
        action={
          <Link to={paths.categories} className="btn">
            See all categories
          </Link>
        }
        onRetry={list.refetch}
      />
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
      <PagedList
        query={list}
        count={products.length}
        loadingLabel="Loading products"
        errorText="The products could not be loaded."
        empty={
          <>
            <h2>Nothing here yet</h2>
            <p>This category has no products at the moment.</p>
            <Link to={paths.home} className="btn">
              Browse all products
            </Link>
          </>
        }
      >
        <ProductGrid products={products} />
      </PagedList>
    </section>
  );
}
