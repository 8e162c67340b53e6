import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useSearch } from '../../features/products/api/search-products.ts';
import { LoadMore } from '../../features/products/components/load-more.tsx';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { errorMessage } from '../../lib/api-client.ts';

export default function SearchRoute() {
  const [params] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const results = useSearch(keyword);
  usePageTitle(keyword ? `Search Results for "${keyword}"` : 'Search Results');

  const products = results.data?.pages.flatMap((page) => page.products) ?? [];
  const total = results.data?.pages.at(-1)?.total ?? products.length;

  let body;
  if (!keyword) {
    body = (
      <div className="empty-state">
        <h2>What are you looking for?</h2>
        <p>Type a word in the search box above, for example a product name.</p>
      </div>
    );
  } else if (results.isPending) {
    body = <Spinner label="Searching" />;
  } else if (results.isError) {
    body = (
      <div className="empty-state" role="alert">
        <h2>The search did not work</h2>
        <p>{errorMessage(results.error, 'Something went wrong')}</p>
        <button type="button" className="btn" onClick={() => void results.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (products.length === 0) {
    body = (
      <div className="empty-state">
        <h2>Nothing matches “{keyword}”</h2>
        <p>Check the spelling, try a shorter word, or browse the categories.</p>
        <Link to={paths.categories} className="btn btn--secondary">
          Browse categories
        </Link>
      </div>
    );
  } else {
    body = <ProductGrid products={products} />;
  }

  return (
    <section aria-labelledby="search-title">
      <div className="list-header">
        <h1 id="search-title">Search Results</h1>
        {keyword ? (
          <div className="list-header__meta" aria-live="polite">
            {results.isSuccess ? (
              <p className="search-count">{total === 0 ? 'No Products Found' : `Found ${total}`}</p>
            ) : null}
            <p className="search-keyword">
              for <q>{keyword}</q>
            </p>
          </div>
        ) : null}
      </div>
      {body}
      <LoadMore
        hasMore={Boolean(results.hasNextPage)}
        loading={results.isFetchingNextPage}
        onLoadMore={() => void results.fetchNextPage()}
      />
    </section>
  );
}
