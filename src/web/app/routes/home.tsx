import { useEffect, useMemo } from 'react';
import { DEFAULT_PRODUCT_SORT } from '../../../domain/product-sort.ts';
import { PagedList, ShowingCount } from '../../components/ui/paged-list.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { useCategories } from '../../features/categories/api/get-categories.ts';
import { Carousel } from '../../features/home/components/carousel.tsx';
import { FilterChips } from '../../features/home/components/filter-chips.tsx';
import { FilterPanel } from '../../features/home/components/filter-panel.tsx';
import { SortSelect } from '../../features/home/components/sort-select.tsx';
import { bandOf, chosenValueCount, describeShopFilters, facetsWithChoices, useShopFilters } from '../../features/home/shop-filters.ts';
import { useFilteredProducts, useProductFacets } from '../../features/products/api/filter-products.ts';
import { useProductCount } from '../../features/products/api/get-product-count.ts';
import { useProducts } from '../../features/products/api/get-products.ts';
import { useShopContent } from '../../features/shop/api/get-shop-content.ts';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { ProductGridPlaceholder } from '../../features/products/components/product-placeholders.tsx';
import { notify } from '../../lib/notify.ts';
import './home.css';

export default function HomeRoute() {
  usePageTitle('All Products - Best offers');
  const categories = useCategories();
  const shop = useShopContent();
  const { filters, toggleCategory, selectBand, toggleOption, sortBy, reset } = useShopFilters();
  const radio = useMemo(() => bandOf(filters.bandId)?.array ?? [], [filters.bandId]);
  // The address names categories by slug; the call takes ids (known once the categories are loaded).
  const checked = useMemo(
    () => filters.categories.flatMap((slug) => categories.data?.find((category) => category.slug === slug)?._id ?? []),
    [filters.categories, categories.data],
  );
  const filtering =
    filters.categories.length > 0 || radio.length > 0 || chosenValueCount(filters.options) > 0 || filters.sort !== DEFAULT_PRODUCT_SORT;
  const waitingForCategories = filters.categories.length > 0 && !categories.data;

  const count = useProductCount();
  const newest = useProducts(count.data ?? null, !filtering);
  const filtered = useFilteredProducts(
    { checked, radio: [...radio], options: filters.options, sort: filters.sort },
    filtering && !waitingForCategories,
  );
  const counted = useProductFacets({ checked, radio: [...radio] }, !waitingForCategories);
  // Only options some product has (or a value chosen in the address) get a fieldset.
  const facets = useMemo(() => facetsWithChoices(counted.data ?? [], filters.options), [counted.data, filters.options]);
  const list = filtering ? filtered : newest;

  const products = list.data?.pages.flatMap((page) => page.products) ?? [];
  useEffect(() => {
    if (list.isError) notify.error('Something went wrong');
  }, [list.isError]);
  // Shown once the products are there: "Showing 0 of 52" turning into "Showing 12 of 52" would move it.
  const total = list.isPending ? null : filtering ? (filtered.data?.pages.at(-1)?.total ?? null) : (count.data ?? null);

  const shown = describeShopFilters(filters, categories.data ?? []);

  return (
    <>
      <Carousel banners={shop.data?.banners ?? []} />
      <div className="shop-layout">
        <FilterPanel
          categories={categories.data ?? []}
          checked={filters.categories}
          bandId={filters.bandId}
          facets={facets}
          options={filters.options}
          resultCount={total}
          onToggleCategory={toggleCategory}
          onSelectBand={selectBand}
          onToggleOption={toggleOption}
          onReset={reset}
        />
        <section aria-labelledby="all-products">
          <div className="list-header">
            <h1 id="all-products">All Products</h1>
            <ShowingCount count={products.length} total={total} />
            <SortSelect value={filters.sort} onChange={sortBy} />
          </div>
          {shown ? (
            <p className="list-summary" aria-live="polite">
              {shown}
              {total === null ? '' : `: ${total} ${total === 1 ? 'product' : 'products'}`}
            </p>
          ) : null}
          <FilterChips
            categories={categories.data ?? []}
            checked={filters.categories}
            bandId={filters.bandId}
            options={filters.options}
            onRemoveCategory={(slug) => toggleCategory(slug, false)}
            onRemoveBand={() => selectBand(null)}
            onRemoveOption={(name, value) => toggleOption(name, value, false)}
          />
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
