import { PRODUCT_SORTS, type ProductSort } from '../../../../domain/product-sort.ts';

/** Sort by: newest, price low to high, price high to low. */
export function SortSelect({ value, onChange }: { value: ProductSort; onChange: (sort: ProductSort) => void }) {
  return (
    <label className="sort-select">
      Sort by
      <select value={value} onChange={(event) => onChange(event.target.value as ProductSort)}>
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort.id} value={sort.id}>
            {sort.label}
          </option>
        ))}
      </select>
    </label>
  );
}
