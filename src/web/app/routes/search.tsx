import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { paths } from '../../config/paths.ts';
import { useSearch } from '../../features/products/api/search-products.ts';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { ProductGridPlaceholder } from '../../features/products/components/product-placeholders.tsx';
import './search.css';

export default function SearchRoute() {
  const [params] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const results = useSearch(keyword);
  usePageTitle(keyword ? `Search Results for "${keyword}"` : 'Search Results');

  const products = results.data?.pages.flatMap((page) => page.products) ?? [];
  const total = results.data?.pages.at(-1)?.total ?? products.length;
  const corrected = results.data?.pages[0]?.corrected ?? null;

  return (
    <section aria-labelledby="search-title">
      <div className="list-header">
        <h1 id="search-title">Search Results</h1>
        {keyword ? (
          <div className="list-header__meta" aria-live="polite">
            {results.isSuccess ? (
              <p className="search-count">{total === 0 ? 'No Products Found' : `Found ${total}`}</p>
            ) : null}
            {corrected ? (
              <p className="search-keyword">
                Showing results for <q>{corrected}</q>; nothing matched <q>{keyword}</q>
              </p>
            ) : (
              <p className="search-keyword">
                for <q>{keyword}</q>
              </p>
            )}
          </div>
        ) : null}
      </div>
      {keyword ? (
        <PagedList
          query={results}
          count={products.length}
          loadingLabel="Searching"
          placeholder={<ProductGridPlaceholder label="Searching" />}
          errorText="Something went wrong"
          empty={
            <>
              <h2>Nothing matches “{keyword}”</h2>
              <p>Check the spelling, try a shorter word, or browse the categories.</p>
              <Link to={paths.categories} className="btn btn--secondary">
                Browse categories
              </Link>
            </>
          }
        >
          <ProductGrid products={products} />
        </PagedList>
      ) : (
        <div className="empty-state">
          <h2>What are you looking for?</h2>
          <p>Type a word in the search box above, for example a product name.</p>
        </div>
      )}
    </section>
  );
}
