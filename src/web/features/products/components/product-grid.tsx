import type { Product } from '../../../../contract/product.ts';
import { ProductCard } from './product-card.tsx';

interface ProductGridProps {
  products: Product[];
  previewLength?: number;
  /** The level of each product's name: 2 under a page's h1 (the default), 3 under a section's h2. */
  headingLevel?: 2 | 3;
}

/** The one product grid; the first row loads its photos eagerly. */
export function ProductGrid({ products, previewLength, headingLevel }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={`${product._id}-${index}`}>
          <ProductCard product={product} previewLength={previewLength} eager={index < 4} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
