import type { Product } from '../../../../contract/product.ts';
import { ProductCard } from './product-card.tsx';

/** The one product grid; the first row loads its photos eagerly. */
export function ProductGrid({ products, previewLength }: { products: Product[]; previewLength?: number }) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={`${product._id}-${index}`}>
          <ProductCard product={product} previewLength={previewLength} eager={index < 4} />
        </li>
      ))}
    </ul>
  );
}
