import { useEffect, useMemo, useState } from 'react';
import { PRICE_BANDS } from '../../../domain/price-bands.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { useCategories } from '../../features/categories/api/get-categories.ts';
import { Carousel } from '../../features/home/components/carousel.tsx';
import { FilterPanel } from '../../features/home/components/filter-panel.tsx';
import { useFilteredProducts } from '../../features/products/api/filter-products.ts';
import { useProductCount } from '../../features/products/api/get-product-count.ts';
import { useProducts } from '../../features/products/api/get-products.ts';
import { LoadMore } from '../../features/products/components/load-more.tsx';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { notify } from '../../lib/notify.ts';

export default function HomeRoute() {
  usePageTitle('All Products - Best offers');
  const categories = useCategories();
  const [checked, setChecked] = useState<string[]>([]);
  const [bandId, setBandId] = useState<string | null>(null);
  const radio = useMemo(() => PRICE_BANDS.find((band) => band.id === bandId)?.array ?? [], [bandId]);
  const filtering = checked.length > 0 || radio.length > 0;

  const count = useProductCount();
  const newest = useProducts(count.data ?? null, !filtering);
  const filtered = useFilteredProducts({ checked, radio: [...radio] }, filtering);
  const list = filtering ? filtered : newest;

  const products = list.data?.pages.flatMap((page) => page.products) ?? [];
  useEffect(() => {
    if (list.isError) notify.error('Something went wrong');
  }, [list.isError]);
  const total = filtering ? (filtered.data?.pages.at(-1)?.total ?? null) : (count.data ?? null);

  return (
    <>
      <Carousel />
      <div className="shop-layout">
        <FilterPanel
          categories={categories.data ?? []}
          checked={checked}
          bandId={bandId}
          onToggleCategory={(id, on) =>
            setChecked((current) => (on ? [...current, id] : current.filter((value) => value !== id)))
          }
          onSelectBand={setBandId}
          onReset={() => {
            setChecked([]);
            setBandId(null);
          }}
        />
        <section aria-labelledby="all-products">
          <div className="list-header">
            <h1 id="all-products">All Products</h1>
            {total !== null ? (
              <p aria-live="polite">
                Showing {products.length} of {total}
              </p>
            ) : null}
          </div>
          {list.isPending ? (
            <Spinner label="Loading products" />
          ) : list.isError ? (
            <div className="empty-state">
              <h2>Something went wrong</h2>
              <p>The products could not be loaded.</p>
            </div>
          ) : products.length === 0 ? (
            <div className="empty-state">
              <h2>No products found</h2>
              <p>Try another category or price band.</p>
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
      </div>
    </>
  );
}
