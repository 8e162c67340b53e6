import { useEffect, useMemo, useState } from 'react';
import { PRICE_BANDS } from '../../../domain/price-bands.ts';
import { PagedList, ShowingCount } from '../../components/ui/paged-list.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { useCategories } from '../../features/categories/api/get-categories.ts';
import { Carousel } from '../../features/home/components/carousel.tsx';
import { FilterPanel } from '../../features/home/components/filter-panel.tsx';
import { useFilteredProducts } from '../../features/products/api/filter-products.ts';
import { useProductCount } from '../../features/products/api/get-product-count.ts';
import { useProducts } from '../../features/products/api/get-products.ts';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { ProductGridPlaceholder } from '../../features/products/components/product-placeholders.tsx';
import { notify } from '../../lib/notify.ts';
import './home.css';

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
  // Shown once the products are there: "Showing 0 of 52" turning into "Showing 12 of 52" would move it.
  const total = list.isPending ? null : filtering ? (filtered.data?.pages.at(-1)?.total ?? null) : (count.data ?? null);

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
            <ShowingCount count={products.length} total={total} />
          </div>
          <PagedList
            query={list}
            count={products.length}
            loadingLabel="Loading products"
          placeholder={<ProductGridPlaceholder label="Loading products" />}
            errorText="The products could not be loaded."
            empty={
              <>
                <h2>No products found</h2>
                <p>Try another category or price band.</p>
              </>
            }
          >
            <ProductGrid products={products} />
          </PagedList>
        </section>
      </div>
    </>
  );
}
